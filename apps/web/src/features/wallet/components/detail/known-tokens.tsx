import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useChainTokens } from '../../api/chain-tokens';

export interface KnownToken {
  contract: string;
  symbol: string;
  decimals: number;
}

/** The chain's well-known tokens (GET /wallets/token) as one-click choices in "Add token". */
export function KnownTokens({ chainKey, onPick }: { chainKey: string; onPick: (token: KnownToken) => void }) {
  const { t } = useTranslation('wallets');
  const tokens = useChainTokens(chainKey);
  if (tokens.isError)
    return (
      <QueryError
        title={t('assets.knownError')}
        error={tokens.error}
        onRetry={() => tokens.refetch()}
        retrying={tokens.isFetching}
        testId="known-tokens-error"
      />
    );
  const list = (tokens.data?.list ?? []).filter((token): token is KnownToken => token.contract !== null);
  if (!tokens.data) return null;
  return (
    <div data-testid="known-tokens">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
        {list.length ? t('assets.known') : t('assets.knownNone')}
      </Typography.Text>
      <Space size={[4, 4]} wrap>
        {list.map((token) => (
          <Tag.CheckableTag
            key={token.contract}
            checked={false}
            onChange={() => onPick(token)}
            data-testid={`known-token-${token.symbol}`}
            style={{ border: '1px solid #d9d9d9' }}
          >
            {token.symbol} · {token.contract.slice(0, 6)}…{token.contract.slice(-4)}
          </Tag.CheckableTag>
        ))}
      </Space>
    </div>
  );
}
