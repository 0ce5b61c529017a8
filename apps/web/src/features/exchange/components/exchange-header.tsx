import { Card, Descriptions, Space, Statistic, Typography } from 'antd';
import { formatUsd } from '@/features/wallet';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExchangeAssetTotal } from '../api/get-asset-total';
import type { ExchangeAccountItem } from '../api/list-exchange-accounts';
import { ExchangeName, ExchangeStatusTag, KeyKindTag, MaskedKey } from './exchange-bits';

/** The account's name, status, exchange, key kind and mode, masked key and USD value ("—" when unpriced). */
export function ExchangeHeader({
  account,
  actions,
}: {
  account: ExchangeAccountItem;
  actions?: React.ReactNode;
}) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const total = useExchangeAssetTotal(useSelectedSpaceId(), account.wallet_id);
  const amount = total.data ? total.data.total_amount : account.amount;
  return (
    <Card style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'space-between' }}>
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Space wrap size={8} style={{ marginBottom: 8 }}>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="exchange-detail-name">
              {account.name}
            </Typography.Title>
            <ExchangeStatusTag status={account.status} />
            <KeyKindTag kind={account.api_key_type} />
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            data-testid="exchange-detail-facts"
            items={[
              {
                key: 'exchange',
                label: t('fields.exchange'),
                children: <ExchangeName id={account.exchange_id} name={account.exchange_name} />,
              },
              { key: 'key', label: t('fields.apiKey'), children: <MaskedKey value={account.api_key} /> },
              {
                key: 'mode',
                label: t('fields.accountMode'),
                children: t(`accountMode.${account.account_mode}`),
              },
              {
                key: 'ip',
                label: t('fields.ipWhitelist'),
                children: account.ip_whitelist ? t('fields.ipBound') : t('fields.ipNotBound'),
              },
              {
                key: 'created',
                label: t('fields.created'),
                children: formatDateTime(account.ctime, language),
              },
              ...(account.remark
                ? [{ key: 'remark', label: t('fields.remark'), children: account.remark }]
                : []),
            ]}
          />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 12 }}>
          <Statistic
            title={t('detail.value')}
            value={formatUsd(amount)}
            loading={total.isPending && amount === null}
            valueStyle={{ fontSize: 24 }}
            data-testid="exchange-detail-value"
          />
          {actions}
        </div>
      </div>
    </Card>
  );
}
