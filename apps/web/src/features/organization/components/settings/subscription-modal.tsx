import { useState } from 'react';
import { Modal } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Space } from '../../api/types';
import { SubscriptionChoose } from './subscription-choose';
import { SubscriptionOrderView } from './subscription-order-view';

/**
 * The upgrade wizard: choose plan, months and chain, then the order to pay (or, opened from the
 * order list, that order straight away).
 */
export function SubscriptionModal(props: { space: Space; orderId: number | null; onClose: () => void }) {
  const { t } = useLazyTranslation('spaces');
  const [orderId, setOrderId] = useState<number | null>(props.orderId);
  return (
    <Modal
      open
      title={orderId === null ? t('subscription.chooseTitle') : t('subscription.orderTitle', { id: orderId })}
      onCancel={props.onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <div data-testid="subscription-modal">
        {orderId === null ? (
          <SubscriptionChoose space={props.space} onCreated={(order) => setOrderId(order.order_id)} />
        ) : (
          <SubscriptionOrderView
            spaceId={String(props.space.organization_id)}
            orderId={orderId}
            onNewOrder={() => setOrderId(null)}
          />
        )}
      </div>
    </Modal>
  );
}
