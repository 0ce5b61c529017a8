import { Typography } from 'antd';
import { MONO, type WalletDetail } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { XrpTaskInfo } from '../../../api/types';
import { TASK_STATUS } from '../../../task-rules';
import { WeightedSignCard } from '../weighted-sign-card';
import { XrpSignForm } from './xrp-sign-form';
import { XrpSignedWhat } from './xrp-signed-what';

/**
 * XRP signing and sending: the Payment signed within its ledger window (LastLedgerSequence, about
 * 24 h from approval), each signer-list key with its weight and, while it may sign, the bytes that
 * key signs (the transaction followed by its account id); a pasted Signer entry; then the
 * broadcast, where the server assembles the signatures and submits.
 */
export function XrpSignCard(props: {
  task: XrpTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  mayBroadcast: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const xrp = task.xrp;
  const bytesOf = (address: string) => {
    const signed = task.weights.find((entry) => entry.address === address)?.signed;
    const bytes = xrp?.signing_bytes[address];
    if (!bytes || signed || task.status !== TASK_STATUS.pendingSignature) return null;
    // Shortened here, copied whole: the bytes are long and only a signing tool reads them.
    return (
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('xrp.bytesToSign')}{' '}
        <Typography.Text
          copyable={{ text: bytes }}
          style={{ ...MONO, fontSize: 11 }}
          data-testid="xrp-key-bytes"
        >
          {`${bytes.slice(0, 12)}…${bytes.slice(-8)}`}
        </Typography.Text>
      </Typography.Text>
    );
  };
  return (
    <WeightedSignCard
      family="XRP"
      {...props}
      signedWhat={xrp ? <XrpSignedWhat task={task} /> : null}
      signForm={(keys) => <XrpSignForm task={task} keys={keys} />}
      keyExtra={bytesOf}
    />
  );
}
