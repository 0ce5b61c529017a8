import { Alert, Descriptions, Space as Stack, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Space } from '../../api/types';
import { CHAIN_NAMES } from './chain-names';
import { PlanWalletsCard } from './plan-wallets';

const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

const NOTICE_COLOR = { unexpired: 'green', about_to_expire: 'orange', expired: 'red' } as const;

/** Plan and subscription, read-only: plan, its limits (vip_data) and the expiry state with banners. */
export function PlanTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const vip = space.vip_data;
  const plan = t(`plans.${space.vip_category}`);
  const date = vip.vip_expired_time ? dayjs(vip.vip_expired_time).format('YYYY-MM-DD') : null;
  const chains = vip.vip_chain_ids;
  return (
    <Stack direction="vertical" size={16} style={{ width: '100%' }} data-testid="plan-tab">
      {space.vip_notice === 'about_to_expire' ? (
        <Alert
          type="warning"
          showIcon
          message={t('plan.aboutToExpire', { plan, date })}
          data-testid="plan-banner"
        />
      ) : null}
      {space.vip_notice === 'expired' ? (
        <Alert type="error" showIcon message={t('plan.expired', { plan })} data-testid="plan-banner" />
      ) : null}
      <Descriptions bordered size="small" column={COLUMNS}>
        <Descriptions.Item label={t('plan.current')}>
          <Tag color="gold" bordered={false}>
            {plan}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.status')}>
          <Tag color={NOTICE_COLOR[space.vip_notice]} bordered={false}>
            {t(`notice.${space.vip_notice}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.expiry')}>{date ?? t('plan.never')}</Descriptions.Item>
        <Descriptions.Item label={t('form.edition')}>{t(`edition.${space.edition}`)}</Descriptions.Item>
      </Descriptions>
      <Descriptions title={t('plan.limits')} bordered size="small" column={COLUMNS}>
        <Descriptions.Item label={t('plan.members')}>{vip.org_user_num}</Descriptions.Item>
        <Descriptions.Item label={t('plan.wallets')}>{vip.wallet_num}</Descriptions.Item>
        <Descriptions.Item label={t('plan.paymentAddresses')}>{vip.org_payment_num}</Descriptions.Item>
        <Descriptions.Item label={t('plan.recordMonths')}>
          {t('plan.months', { count: vip.transfer_record_duration })}
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.historyMonths')}>
          {t('plan.months', { count: vip.historical_transaction_duration })}
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.chains')}>
          {chains && chains.length > 0
            ? chains.map((id) => CHAIN_NAMES[String(id)] ?? String(id)).join(', ')
            : t('plan.allChains')}
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.categories')} span={2}>
          {(vip.transfer_category ?? [])
            .map((kind) => t(`plan.kinds.${String(kind)}`, { defaultValue: String(kind) }))
            .join(', ') || t('common:dash')}
        </Descriptions.Item>
      </Descriptions>
      <PlanWalletsCard organizationId={String(space.organization_id)} />
      <Typography.Text type="secondary">{t('plan.readOnly')}</Typography.Text>
    </Stack>
  );
}
