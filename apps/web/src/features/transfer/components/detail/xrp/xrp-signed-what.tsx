import { Descriptions, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-format';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { XrpTaskInfo } from '../../../api/types';
import { fromUnits } from '../../wizard/amount-rules';
import { HexText } from '../../transfer-bits';

type Amount = string | { value: string; currency: string; issuer: string };

/** Drops (XRP's smallest unit) → XRP. */
export const dropsToXrp = (drops: string | number) => fromUnits(BigInt(drops), 6);

/** A Payment's Amount as the ledger spells it: drops of XRP, or a token's value and currency. */
const amountText = (amount: Amount) =>
  typeof amount === 'string' ? `${dropsToXrp(amount)} XRP` : `${amount.value} ${amount.currency}`;

/**
 * What every XRP signer signs, read from the Payment itself: the recipient and its destination
 * tag, the amount, the fee (paid by the wallet), the account's sequence and the last ledger it may
 * be validated in — the window after which it can never apply. The JSON is there to compare with
 * what a signer's own wallet shows.
 */
export function XrpSignedWhat({ task }: { task: XrpTaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const xrp = task.xrp!;
  const tx = JSON.parse(xrp.tx_json) as { Destination: string; Amount: Amount; Fee: string };
  return (
    <Descriptions size="small" column={1} bordered data-testid="xrp-signed-what">
      <Descriptions.Item label={t('xrp.moves')}>
        <Typography.Text strong data-testid="xrp-amount">
          {amountText(tx.Amount)}
        </Typography.Text>{' '}
        {t('xrp.to')} <HexText value={tx.Destination} testId="xrp-to" />
      </Descriptions.Item>
      <Descriptions.Item label={t('xrp.destinationTag')}>
        <span data-testid="xrp-destination-tag">{xrp.destination_tag ?? t('xrp.noTag')}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('xrp.fee.label')}>
        <span data-testid="xrp-fee">
          {t('xrp.fee.value', { fee: dropsToXrp(tx.Fee), drops: tx.Fee, signers: task.weights.length })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('xrp.sequence')}>
        <span data-testid="xrp-sequence">{xrp.sequence}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('xrp.lastLedger')}>
        <span data-testid="xrp-last-ledger">
          {t('xrp.lastLedgerValue', {
            ledger: xrp.last_ledger_sequence,
            time: formatDateTime(xrp.expiration, currentLanguage()),
          })}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('xrp.txJson')}>
        <Typography.Paragraph
          copyable={{ text: xrp.tx_json }}
          ellipsis={{ rows: 1, expandable: true }}
          style={{ ...MONO, wordBreak: 'break-all', marginBottom: 0, fontSize: 12 }}
          data-testid="xrp-tx-json"
        >
          {xrp.tx_json}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}
