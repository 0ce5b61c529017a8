import { Alert, Button, Card, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchSmallAmountTestVolume, startSmallAmountTest } from '../../api/small-amount-test';
import type { WalletDetail } from '../../api/types';

/**
 * The small-amount test of a new multisig wallet (§4): deposit a little, then a self-transfer
 * goes through the real signing and broadcast steps before the wallet holds real funds.
 */
export function SmallAmountTestCard({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const volume = useQuery({
    queryKey: ['wallet', 'small-amount-test', wallet.wallet_id],
    queryFn: () => fetchSmallAmountTestVolume(wallet.wallet_id),
  });
  const start = useMutation({
    mutationFn: () => startSmallAmountTest(wallet.wallet_id),
    onSuccess: (task) => navigate(`/task/${task.task_id}`),
  });
  const data = volume.data;
  return (
    <Card
      size="small"
      title={t('smallTest.title')}
      loading={volume.isPending}
      data-testid="small-amount-test"
    >
      <Typography.Paragraph type="secondary">
        {t('smallTest.description', { amount: data?.amount ?? '', symbol: data?.symbol ?? '' })}
      </Typography.Paragraph>
      {data && !data.enough ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('smallTest.fundFirst', {
            amount: data.amount,
            symbol: data.symbol,
            balance: data.balance,
          })}
        />
      ) : null}
      <Button
        type="primary"
        disabled={!data?.enough}
        loading={start.isPending}
        onClick={() => start.mutate()}
        data-testid="small-amount-test-start"
      >
        {t('smallTest.start')}
      </Button>
    </Card>
  );
}
