import { Link } from 'react-router';
import { Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAddressType } from '../../api/address-type';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const COLOR = {
  own_wallet: 'blue',
  address_book: 'green',
  known_recipient: 'default',
  new: 'orange',
} as const;

/**
 * What the typed recipient is to the space (GET /addr-type): one of its own wallets (named), an
 * address-book entry, an address paid before, or a new address never paid.
 */
export function RecipientKind({
  chainKey,
  address,
  wellFormed,
}: {
  chainKey?: string | undefined;
  address: string;
  /** Whether the address is well formed for the chain (EVM unless said). */
  wellFormed?: boolean | undefined;
}) {
  const { t } = useLazyTranslation('transfer');
  const value = address.trim();
  const kind = useAddressType(chainKey, value, wellFormed ?? EVM_ADDRESS.test(value));
  if (kind.isError)
    return (
      <div style={{ marginTop: 8 }}>
        <QueryError
          title={t('wizard.kind.error')}
          error={kind.error}
          onRetry={() => kind.refetch()}
          retrying={kind.isFetching}
          testId="recipient-kind-error"
        />
      </div>
    );
  if (!kind.data || !kind.data.valid) return null;
  const { type, name, wallet_id: walletId } = kind.data;
  return (
    <div style={{ marginTop: 8 }} data-testid="recipient-kind">
      <Tag color={COLOR[type]} data-testid={`recipient-kind-${type}`}>
        {t(`wizard.kind.${type}`)}
      </Tag>
      {type === 'own_wallet' && walletId ? (
        <Link to={`/wallet/detail/${walletId}`}>{name}</Link>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`wizard.kind.${type}Hint`)}
        </Typography.Text>
      )}
    </div>
  );
}
