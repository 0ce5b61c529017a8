import { Card, Col, Descriptions, Progress, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useQuery } from '@tanstack/react-query';
import { walletAddressQuery } from '../../api/get-wallet-address';
import type { TronSetup } from '../../api/tron-setup';
import { MONO } from '../wallet-bits';

/** Percent of `required` held, from decimal strings (display only). */
const share = (balance: string, required: string) =>
  Number(required) > 0 ? Math.min(100, Math.floor((Number(balance) / Number(required)) * 100)) : 100;

/**
 * Status 6: the account must hold TRX before its permissions can be handed over — the deposit
 * address with its QR code, and the balance read from the chain against what is needed now and
 * what is suggested (§9: 200 TRX, about 100 of it for the permission update).
 */
export function TronTopUp(props: { walletId: number; setup: TronSetup; readAt: number }) {
  const { t } = useTranslation('wallets');
  const { setup } = props;
  // Its failure is said in the card with Retry: no toast as well.
  const address = useQuery({ ...walletAddressQuery(props.walletId), meta: { silent: true } });
  return (
    <Row gutter={[16, 16]} data-testid="tron-top-up">
      <Col xs={24} md={11}>
        <Card size="small" title={t('tron.setup.depositTitle')} loading={address.isPending}>
          {address.isError ? (
            <QueryError
              title={t('tron.setup.addressError')}
              error={address.error}
              onRetry={() => address.refetch()}
              retrying={address.isFetching}
            />
          ) : address.data ? (
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              {address.data.qr_code ? (
                <img src={address.data.qr_code} alt={t('deposit.qr')} width={180} height={180} />
              ) : null}
              <Typography.Text
                copyable
                style={{ ...MONO, wordBreak: 'break-all', textAlign: 'center' }}
                data-testid="tron-deposit-address"
              >
                {address.data.address}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                {t('tron.setup.depositHint', { symbol: setup.symbol })}
              </Typography.Text>
            </Space>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} md={13}>
        <Card size="small" title={t('tron.setup.balanceTitle')} data-testid="tron-balance">
          <Progress
            percent={share(setup.balance, setup.required)}
            status={Number(setup.balance) >= Number(setup.required) ? 'success' : 'active'}
            format={() => `${setup.balance} / ${setup.required} ${setup.symbol}`}
            style={{ marginBottom: 12 }}
          />
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'balance',
                label: t('tron.setup.balance'),
                children: (
                  <Typography.Text strong data-testid="tron-balance-value">
                    {setup.balance} {setup.symbol}
                  </Typography.Text>
                ),
              },
              {
                key: 'required',
                label: t('tron.setup.required'),
                children: (
                  <span data-testid="tron-required">
                    {setup.required} {setup.symbol}
                  </span>
                ),
              },
              {
                key: 'suggested',
                label: t('tron.setup.suggested'),
                children: (
                  <span data-testid="tron-suggested">
                    {setup.suggested} {setup.symbol}
                  </span>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 4 }}>
            {t('tron.setup.requiredHint', { symbol: setup.symbol, suggested: setup.suggested })}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tron.setup.readAt', { time: dayjs(props.readAt).format('HH:mm:ss') })}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
