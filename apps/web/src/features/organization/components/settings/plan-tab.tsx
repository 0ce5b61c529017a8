import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, Popconfirm, Space as Stack, Tag, Typography } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { usePlanExtension } from '../../api/plan-extension';
import type { Space } from '../../api/types';
import { isPrivileged } from '../../space-roles';
import { CHAIN_NAMES } from './chain-names';
import { PlanWalletsCard } from './plan-wallets';
import { SubscriptionModal } from './subscription-modal';
import { SubscriptionOrders } from './subscription-orders';

const COLUMNS = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

const NOTICE_COLOR = { unexpired: 'green', about_to_expire: 'orange', expired: 'red' } as const;

/**
 * Plan and subscription: plan, its limits (vip_data) and the expiry state with banners; admins
 * upgrade or extend it (paid in USDT) and see the space's orders.
 */
export function PlanTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const admin = isPrivileged(space);
  // The wizard: null closed; { orderId: null } choosing; { orderId } that order.
  // Back from Stripe's page (?order_id=N): that order, until its payment is confirmed.
  const [search] = useSearchParams();
  const returned = Number(search.get('order_id'));
  const [wizard, setWizard] = useState<{ orderId: number | null } | null>(
    admin && Number.isSafeInteger(returned) && returned > 0 ? { orderId: returned } : null,
  );
  const onPaidPlan = space.vip_category !== 'free' && space.vip_notice !== 'expired';
  const vip = space.vip_data;
  const plan = t(`plans.${space.vip_category}`);
  const date = vip.vip_expired_time ? dayjs(vip.vip_expired_time).format('YYYY-MM-DD') : null;
  const chains = vip.vip_chain_ids;
  const extension = usePlanExtension(String(space.organization_id));
  // §4: a plan about to end, or ended, may run 3 days longer once per paid period.
  const mayExtend = admin && space.vip_notice !== 'unexpired' && space.vip_extension_num > 0;
  const extend = () =>
    extension.mutate(undefined, {
      onSuccess: (done) =>
        toastSuccess(t('subscription.extended', { date: dayjs(done.plan_expires_at).format('YYYY-MM-DD') })),
    });
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
      <Descriptions
        title={t('subscription.title')}
        bordered
        size="small"
        column={COLUMNS}
        extra={
          admin ? (
            <Stack wrap>
              {mayExtend ? (
                <Popconfirm
                  title={t('subscription.extensionConfirm')}
                  onConfirm={extend}
                  okText={t('subscription.extension')}
                  cancelText={t('common:cancel')}
                >
                  <Button loading={extension.isPending} data-testid="plan-extension">
                    {t('subscription.extension')}
                  </Button>
                </Popconfirm>
              ) : null}
              <Button
                type="primary"
                icon={<CrownOutlined />}
                onClick={() => setWizard({ orderId: null })}
                data-testid="subscription-upgrade"
              >
                {onPaidPlan ? t('subscription.extend') : t('subscription.upgrade')}
              </Button>
            </Stack>
          ) : null
        }
      >
        <Descriptions.Item label={t('plan.current')}>
          <Tag color="gold" bordered={false} data-testid="plan-current" data-plan={space.vip_category}>
            {plan}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.status')}>
          <Tag color={NOTICE_COLOR[space.vip_notice]} bordered={false}>
            {t(`notice.${space.vip_notice}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.expiry')}>
          <span data-testid="plan-expiry">{date ?? t('plan.never')}</span>
        </Descriptions.Item>
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
      {admin ? (
        <SubscriptionOrders
          spaceId={String(space.organization_id)}
          onOpen={(orderId) => setWizard({ orderId })}
        />
      ) : (
        <Typography.Text type="secondary">{t('plan.readOnly')}</Typography.Text>
      )}
      <PlanWalletsCard organizationId={String(space.organization_id)} />
      {wizard ? (
        <SubscriptionModal space={space} orderId={wizard.orderId} onClose={() => setWizard(null)} />
      ) : null}
    </Stack>
  );
}
