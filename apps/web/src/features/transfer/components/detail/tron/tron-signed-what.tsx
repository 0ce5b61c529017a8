import { Descriptions, Typography } from 'antd';
import { MONO, useWalletAssets } from '@/features/wallet';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-format';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TronTaskInfo } from '../../../api/types';
import { HexText, TokenAmount } from '../../transfer-bits';

/**
 * What a Tron signer signs: the transaction id (sha256 of the raw data), the permission it is signed
 * under, what it moves and to whom, and when the transaction itself expires. The raw data is there
 * to compare with what a hardware wallet shows.
 */
export function TronSignedWhat({ task }: { task: TronTaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const tron = task.tron!;
  // The task names its token in lower case; base58 is case-sensitive, so the wallet's own spelling is shown.
  const assets = useWalletAssets(task.wallet_id ?? 0).data?.detail ?? [];
  const token =
    assets.find((line) => line.contract_address?.toLowerCase() === task.token_key?.toLowerCase())
      ?.contract_address ?? null;
  return (
    <Descriptions size="small" column={1} bordered data-testid="tron-signed-what">
      <Descriptions.Item label={t('tron.txId')}>
        <HexText value={tron.tx_id} testId="tron-txid" />
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.permission')}>
        <span data-testid="tron-permission">{t('tron.permissionValue', { id: tron.permission_id })}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.moves')}>
        <Typography.Text strong>
          <TokenAmount amount={task.amount} symbol={task.symbol} testId="tron-amount" />
        </Typography.Text>{' '}
        {t('tron.to')} <HexText value={task.to} testId="tron-to" />
        {token ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('tron.tokenContract')} <span style={MONO}>{token}</span>
          </Typography.Text>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.expiration')}>
        {formatDateTime(tron.expiration, currentLanguage())}
      </Descriptions.Item>
      <Descriptions.Item label={t('tron.rawData')}>
        <Typography.Paragraph
          copyable={{ text: tron.raw_data_hex }}
          ellipsis={{ rows: 1, expandable: true }}
          style={{ ...MONO, wordBreak: 'break-all', marginBottom: 0, fontSize: 12 }}
        >
          {tron.raw_data_hex}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}
