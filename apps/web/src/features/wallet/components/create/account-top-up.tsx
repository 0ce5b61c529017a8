import { Card, Col, Descriptions, Progress, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useQuery } from '@tanstack/react-query';
import { FAMILY_KEY, type WeightedFamily } from '../../api/account-setup';
import { walletAddressQuery } from '../../api/get-wallet-address';
import { DepositQr } from '../deposit-qr';

/** Percent of `required` held, from decimal strings (display only). */
const share = (balance: string, required: string) =>
  Number(required) > 0 ? Math.min(100, Math.floor((Number(balance) / Number(required)) * 100)) : 100;

/**
 * Status 6: the account must hold the coin before it can be handed over — the deposit address
 * with its QR code, and the balance read from the chain against what is needed now; `rows` say
 * what makes that up for the family (Tron: the suggested deposit; XRP: the ledger's reserves).
 */
export function AccountTopUp(props: {
  family: WeightedFamily;
  walletId: number;
  setup: { balance: string; required: string; symbol: string };
  readAt: number;
  hint: string;
  rows: { key: string; label: string; value: string }[];
}) {
  const { t } = useTranslation('wallets');
  const key = FAMILY_KEY[props.family];
  const { setup } = props;
  // Its failure is said in the card with Retry: no toast as well.
  const address = useQuery({ ...walletAddressQuery(props.walletId), meta: { silent: true } });
  const amount = (value: string) => `${value} ${setup.symbol}`;
  return (
    <Row gutter={[16, 16]} data-testid={`${key}-top-up`}>
      <Col xs={24} md={11}>
        <Card size="small" title={t(`${key}.setup.depositTitle`)} loading={address.isPending}>
          {address.isError ? (
            <QueryError
              title={t(`${key}.setup.addressError`)}
              error={address.error}
              onRetry={() => address.refetch()}
              retrying={address.isFetching}
            />
          ) : address.data ? (
            <DepositQr
              address={address.data}
              size={180}
              hint={t(`${key}.setup.depositHint`, { symbol: setup.symbol })}
              testId={`${key}-deposit-address`}
            />
          ) : null}
        </Card>
      </Col>
      <Col xs={24} md={13}>
        <Card size="small" title={t(`${key}.setup.balanceTitle`)} data-testid={`${key}-balance`}>
          <Progress
            percent={share(setup.balance, setup.required)}
            status={Number(setup.balance) >= Number(setup.required) ? 'success' : 'active'}
            format={() => `${setup.balance} / ${amount(setup.required)}`}
            style={{ marginBottom: 12 }}
          />
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'balance',
                label: t(`${key}.setup.balance`),
                children: (
                  <Typography.Text strong data-testid={`${key}-balance-value`}>
                    {amount(setup.balance)}
                  </Typography.Text>
                ),
              },
              {
                key: 'required',
                label: t(`${key}.setup.required`),
                children: <span data-testid={`${key}-required`}>{amount(setup.required)}</span>,
              },
              ...props.rows.map((row) => ({
                key: row.key,
                label: row.label,
                children: <span data-testid={`${key}-${row.key}`}>{amount(row.value)}</span>,
              })),
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 4 }}>
            {props.hint}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`${key}.setup.readAt`, { time: dayjs(props.readAt).format('HH:mm:ss') })}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
