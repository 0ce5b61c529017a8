import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { showWalletError, type Address, type Hex } from '@/lib/wallet-connectors';
import { useLazyTranslation } from '@/lib/use-namespace';
import { recoveryKey, type RecoveryInfo } from '../../../api/get-recovery';
import type { RecoveryTx } from '../../../api/queue-recovery';
import { syncRecovery } from '../../../api/sync-recovery';
import { ConnectSigner, type SignerConnection } from '../../connect-signer';
import { MONO } from '../../wallet-bits';
import { FullAddress, useDescriptionsLayout } from './recovery-bits';

/** How long the tab reads the chain after a send before it says the transaction is not seen yet. */
const SYNC_ATTEMPTS = 40;
const SYNC_EVERY_MS = 3_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A recovery transaction the user's own wallet sends (the server holds no key): the exact call
 * (from, to, value, data), a wallet connection (only accounts in `expected` when given), Send.
 * Once sent, the server reads the module again until `settled` holds (the transaction is mined
 * and seen), then `onDone`.
 */
export function RecoverySend(props: {
  walletId: number;
  tx: RecoveryTx;
  /** The account that must send it (the recoverer); undefined: anyone. */
  expected?: string[];
  sendLabel: string;
  settled: (info: RecoveryInfo) => boolean;
  onDone: (info: RecoveryInfo) => void;
  testId: string;
}) {
  const { t } = useLazyTranslation('recovery');
  const layout = useDescriptionsLayout();
  const client = useQueryClient();
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [busy, setBusy] = useState(false);
  const [hash, setHash] = useState<Hex | null>(null);
  const [unseen, setUnseen] = useState(false);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const { tx, walletId, settled, onDone } = props;

  const send = async () => {
    if (!connection) return;
    setBusy(true);
    setUnseen(false);
    try {
      const sent = await connection.connector.sendTransaction(tx.chain_id, {
        from: connection.account,
        to: tx.to as Address,
        data: tx.data as Hex,
        value: tx.value,
      });
      setHash(sent);
      for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt += 1) {
        const info = await syncRecovery(walletId);
        client.setQueryData(recoveryKey(walletId), info);
        if (settled(info)) {
          onDone(info);
          return;
        }
        await pause(SYNC_EVERY_MS);
      }
      setUnseen(true);
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid={props.testId}>
      <Descriptions column={1} size="small" bordered layout={layout} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('tx.from')}>
          {tx.from ? <FullAddress address={tx.from} testId="recovery-tx-from" /> : t('tx.anyone')}
        </Descriptions.Item>
        <Descriptions.Item label={t('tx.to')}>
          <FullAddress address={tx.to} testId="recovery-tx-to" />
        </Descriptions.Item>
        <Descriptions.Item label={t('tx.value')}>{tx.value}</Descriptions.Item>
        <Descriptions.Item label={t('tx.data')}>
          <Typography.Paragraph
            copyable
            ellipsis={{ rows: 2, expandable: true }}
            style={{ ...MONO, wordBreak: 'break-all', marginBottom: 0 }}
            data-testid="recovery-tx-data"
          >
            {tx.data}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('tx.chain')}>{tx.chain_id}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('tx.connect')} style={{ marginBottom: 12 }}>
        <ConnectSigner
          sends
          chainId={tx.chain_id}
          chainKey={String(tx.chain_id)}
          expected={props.expected}
          onChange={onChange}
        />
      </Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button
          type="primary"
          disabled={!connection}
          loading={busy}
          onClick={() => void send()}
          data-testid={`${props.testId}-submit`}
        >
          {busy && hash ? t('tx.waiting') : props.sendLabel}
        </Button>
        {hash ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="recovery-tx-hash">
            {t('tx.sent')} <span style={{ ...MONO, wordBreak: 'break-all' }}>{hash}</span>
          </Typography.Text>
        ) : null}
        {unseen ? (
          <Alert type="warning" showIcon message={t('tx.unseen')} data-testid="recovery-tx-unseen" />
        ) : null}
      </Space>
    </div>
  );
}
