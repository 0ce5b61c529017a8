import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/features/platform';
import { toastSuccess } from '@/lib/notify';
import { devFaucet } from '../../api/dev-faucet';
import { useWalletAddress } from '../../api/get-wallet-address';
import { refreshBalance } from '../../api/refresh-balance';
import type { WalletDetail } from '../../api/types';
import { DepositQr } from '../deposit-qr';
import { DescriptorCard } from './descriptor-card';
import { LiveBalanceCard } from './live-balance-card';
import { SmallAmountTestCard } from './small-amount-test-card';
import { RegtestFaucetCard } from './regtest-faucet-card';
import { useChains } from '../../api/list-chains';
import { FAMILY_KEY, isWeightedFamily } from '../../api/account-setup';
import { useQueryClient } from '@tanstack/react-query';

const AMOUNT = /^\d+(\.\d{1,6})?$/;

/** Deposit tab: address and QR code; in dev mode on the devnet, the faucet. */
export function DepositTab({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const address = useWalletAddress(wallet.wallet_id);
  const config = useWebConfig();
  const client = useQueryClient();
  const devnet = Boolean(
    config.data?.dev_mode && config.data.devnet && String(config.data.devnet.chain_id) === wallet.chain_id,
  );
  const chain = useChains().data?.list.find((c) => c.chain_id === wallet.chain_id);
  // A local regtest chain (Bitcoin family) in dev mode has its own faucet.
  const regtest = Boolean(config.data?.dev_mode && chain?.devnet && chain.family === 'BTC');
  const [form] = Form.useForm<{ eth?: string; usdt?: string }>();
  const faucet = useMutation({
    mutationFn: async (values: { eth?: string; usdt?: string }) => {
      await devFaucet({
        address: wallet.address!,
        eth: values.eth || undefined,
        usdt: values.usdt || undefined,
      });
      await refreshBalance(wallet.wallet_id);
    },
    onSuccess: () => {
      toastSuccess(t('deposit.funded'));
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  return (
    <Row gutter={[16, 16]} data-testid="wallet-deposit">
      <Col xs={24} lg={12}>
        <Card size="small" title={t('deposit.title')} loading={address.isPending}>
          {address.data ? (
            <DepositQr address={address.data} size={200} hint={t('deposit.hint')} testId="deposit-address">
              {!address.data.deployed && wallet.sign_type === 1 ? (
                <Alert
                  type="warning"
                  showIcon
                  message={
                    isWeightedFamily(chain?.family)
                      ? t(`${FAMILY_KEY[chain.family]}.deposit.notReady`)
                      : t('deposit.notDeployed')
                  }
                />
              ) : null}
            </DepositQr>
          ) : null}
        </Card>
      </Col>
      {address.data && wallet.status !== 11 ? (
        <Col xs={24} lg={12}>
          <LiveBalanceCard chainKey={wallet.chain_id} address={address.data.address} />
        </Col>
      ) : null}
      {wallet.descriptor ? (
        <Col xs={24} lg={12}>
          <DescriptorCard wallet={wallet} />
        </Col>
      ) : wallet.sign_type === 1 && wallet.status === 1 ? (
        <Col xs={24} lg={12}>
          <SmallAmountTestCard wallet={wallet} />
        </Col>
      ) : null}
      {regtest && address.data ? (
        <Col xs={24} lg={12}>
          <RegtestFaucetCard wallet={wallet} address={address.data.address} symbol={chain!.symbol} />
        </Col>
      ) : null}
      {devnet ? (
        <Col xs={24} lg={12}>
          <Card size="small" title={t('deposit.faucet.title')}>
            <Typography.Paragraph type="secondary">{t('deposit.faucet.description')}</Typography.Paragraph>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{ eth: '1', usdt: '1000' }}
              onFinish={(values) => faucet.mutate(values)}
            >
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item
                    name="eth"
                    label="ETH"
                    rules={[{ pattern: AMOUNT, message: t('validation.amount') }]}
                  >
                    <Input id="faucet-eth" inputMode="decimal" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="usdt"
                    label="USDT"
                    rules={[{ pattern: AMOUNT, message: t('validation.amount') }]}
                  >
                    <Input id="faucet-usdt" inputMode="decimal" />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={faucet.isPending} data-testid="faucet-submit">
                {t('deposit.faucet.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}
