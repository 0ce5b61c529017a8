import { Link } from 'react-router';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useWalletExist } from '../../api/wallet-exist';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Under the import address: whether it already is one of this space's wallets (GET /wallets/exist),
 * said while typing rather than after the last step.
 */
export function ExistingWalletHint({ chainKey, address }: { chainKey?: string; address?: string }) {
  const { t } = useTranslation('wallets');
  const value = (address ?? '').trim();
  const exist = useWalletExist(chainKey, value, EVM_ADDRESS.test(value));
  if (exist.isError)
    return (
      <div style={{ marginBottom: 16 }}>
        <QueryError
          title={t('create.single.existError')}
          error={exist.error}
          onRetry={() => exist.refetch()}
          retrying={exist.isFetching}
          testId="wallet-exist-error"
        />
      </div>
    );
  if (!exist.data?.exist) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="wallet-exist"
      message={t('create.single.exists')}
      action={
        exist.data.wallet_id ? (
          <Link to={`/wallet/detail/${exist.data.wallet_id}`}>{t('create.single.openExisting')}</Link>
        ) : undefined
      }
    />
  );
}
