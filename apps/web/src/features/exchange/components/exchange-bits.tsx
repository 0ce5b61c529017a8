import { Tag, Typography } from 'antd';
import { EXCHANGE_IDS, type ExchangeId } from '@keystead/contract/api/exchanges';
import { ExchangeStatus } from '@keystead/contract/states';
import { useLazyTranslation } from '@/lib/use-namespace';
import { EXCHANGE_NAMES } from '../exchange-names';

export { EXCHANGE_IDS, type ExchangeId };

/** A mark per exchange (the server gives no image): its initial on the exchange's colour. */
const MARK_COLOR: Record<string, string> = {
  binance: '#d49b00',
  okx: '#111111',
  bybit: '#c78400',
  bitget: '#0a8f9c',
  gate: '#2354e6',
  htx: '#1b6fd6',
  coinbase: '#0052ff',
};

export function ExchangeName({ id, name }: { id: string; name?: string }) {
  const shown = name ?? EXCHANGE_NAMES[id as ExchangeId] ?? id;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{
          width: 20,
          height: 20,
          borderRadius: 10,
          background: MARK_COLOR[id] ?? '#5b6478',
          color: '#fff',
          fontSize: 11,
          fontWeight: 700,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
        }}
      >
        {shown.slice(0, 1).toUpperCase()}
      </span>
      <span data-testid="exchange-name">{shown}</span>
    </span>
  );
}

const STATUS_COLOR: Record<number, string> = {
  [ExchangeStatus.Available]: 'success',
  [ExchangeStatus.Unavailable]: 'error',
  [ExchangeStatus.Paused]: 'warning',
  [ExchangeStatus.Online]: 'success',
  [ExchangeStatus.Offline]: 'default',
};

/** §4 exchange status 1–5 by name. */
export function ExchangeStatusTag({ status }: { status: number }) {
  const { t } = useLazyTranslation('exchange');
  return (
    <Tag
      color={STATUS_COLOR[status] ?? 'default'}
      style={{ marginInlineEnd: 0 }}
      data-testid="exchange-status"
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: t('status.other', { status }) })}
    </Tag>
  );
}

const KIND_COLOR: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'gold' };

/** §3 api_key_type: 1 observation (read-only), 2 trading, 3 custody. */
export function KeyKindTag({ kind }: { kind: number }) {
  const { t } = useLazyTranslation('exchange');
  return (
    <Tag color={KIND_COLOR[kind] ?? 'default'} style={{ marginInlineEnd: 0 }} data-testid="exchange-key-kind">
      {t(`keyKind.${kind}`, { defaultValue: String(kind) })}
    </Tag>
  );
}

/** The API key as the server gives it (first and last characters only), never more. */
export function MaskedKey({ value }: { value: string }) {
  return (
    <Typography.Text
      style={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.92em',
        whiteSpace: 'nowrap',
      }}
      data-testid="exchange-api-key"
    >
      {value}
    </Typography.Text>
  );
}
