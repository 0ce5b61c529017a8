import { Button, Card, Form, Input, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { devUtxoFaucet } from '../../api/dev-faucet';
import { refreshBalance } from '../../api/refresh-balance';
import type { WalletDetail } from '../../api/types';

const COINS = /^\d{1,3}(\.\d{1,8})?$/;

/** Dev mode on a local regtest chain: coins to the wallet's deposit address, confirmed at once. */
export function RegtestFaucetCard({
  wallet,
  address,
  symbol,
}: {
  wallet: WalletDetail;
  address: string;
  symbol: string;
}) {
  const { t } = useTranslation('wallets');
  const client = useQueryClient();
  const faucet = useMutation({
    mutationFn: async (values: { amount: string }) => {
      await devUtxoFaucet({ chain_key: wallet.chain_id, address, amount: values.amount });
      await refreshBalance(wallet.wallet_id);
    },
    onSuccess: () => {
      toastSuccess(t('deposit.funded'));
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (error) => void showErrorToast(error),
  });
  return (
    <Card size="small" title={t('deposit.regtestFaucet.title')} data-testid="regtest-faucet">
      <Typography.Paragraph type="secondary">
        {t('deposit.regtestFaucet.description', { symbol })}
      </Typography.Paragraph>
      <Form
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: '1' }}
        onFinish={(values: { amount: string }) => faucet.mutate(values)}
      >
        <Form.Item
          name="amount"
          label={symbol}
          rules={[{ required: true, pattern: COINS, message: t('validation.amount') }]}
        >
          <Input id="regtest-faucet-amount" inputMode="decimal" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={faucet.isPending}
          data-testid="regtest-faucet-submit"
        >
          {t('deposit.faucet.submit')}
        </Button>
      </Form>
    </Card>
  );
}
