import type { CSSProperties } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletRole } from '../api/types';

export const MONO: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.92em',
};

/** USD amounts arrive as decimal strings with 2 decimals; grouped for display, never through floats beyond display. */
export function formatAmount(value: string | null | undefined, digits = 2): string {
  if (value === null || value === undefined || value === '') return '—';
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value.startsWith('-') ? '-' : '';
  return digits > 0
    ? `${sign}${grouped}.${fraction.padEnd(digits, '0').slice(0, digits)}`
    : `${sign}${grouped}`;
}

export const formatUsd = (value: string | null | undefined) => (value ? `$${formatAmount(value)}` : '—');

/** 0x1234…abcd with the full address copyable. */
export function AddressText({
  address,
  short,
  testId,
}: {
  address: string | null;
  short?: string | null;
  testId?: string;
}) {
  if (!address) return <span>—</span>;
  const shown = short ?? `${address.slice(0, 6)}…${address.slice(-4)}`;
  return (
    <Typography.Text style={MONO} copyable={{ text: address }} title={address} data-testid={testId}>
      {shown}
    </Typography.Text>
  );
}

const STATUS_COLOR: Record<number, string> = {
  1: 'success',
  3: 'processing',
  6: 'warning',
  8: 'processing',
  10: 'default',
  11: 'warning',
  13: 'warning',
  14: 'processing',
};

/** §4 wallet status as a tag. */
export function WalletStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('wallets');
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid="wallet-status" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`, { defaultValue: t('status.other', { status }) })}
    </Tag>
  );
}

export function SignTypeTag({ signType }: { signType: number }) {
  const { t } = useTranslation('wallets');
  return (
    <Tag color={signType === 1 ? 'geekblue' : 'cyan'} style={{ marginInlineEnd: 0 }}>
      {t(`signType.${signType}`)}
    </Tag>
  );
}

export function RoleTags({ roles, signer }: { roles: WalletRole[]; signer?: boolean }) {
  const { t } = useTranslation('wallets');
  const all = [...roles, ...(signer ? (['signer'] as const) : [])];
  if (!all.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {all.map((role) => (
        <Tag key={role} style={{ marginInlineEnd: 0 }}>
          {t(`role.${role}`)}
        </Tag>
      ))}
    </span>
  );
}

/** A person as the wallet APIs list them: nickname, else e-mail. */
export const personLabel = (person: { nickname: string | null; email: string }) =>
  person.nickname ? `${person.nickname} (${person.email})` : person.email;
