import { useNavigate } from 'react-router';
import { Button, Descriptions, Modal, Result } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isApiError } from '@/lib/api-client';
import type { Space } from '../api/types';

export const LIMIT_CODES = [
  'LIMIT_SPACES_ERROR',
  'LIMIT_MEMBERS_ERROR',
  'LIMIT_WALLETS_ERROR',
  'LIMIT_TRIAL_ERROR',
  'VIP_PLAN_LIMIT_EXCEEDED_ERROR',
] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];

export interface LimitInfo {
  code: LimitCode;
  max?: number;
  /** What the limit stops here, when the code's general text does not say it (e.g. a paid feature). */
  message?: string;
}

/** A §8 limit error as modal content, or null when the error is something else. */
export function limitFromError(error: unknown): LimitInfo | null {
  if (!isApiError(error) || !(LIMIT_CODES as readonly string[]).includes(error.code)) return null;
  const data = error.data as { max?: unknown } | null;
  return { code: error.code as LimitCode, max: typeof data?.max === 'number' ? data.max : undefined };
}

const DEFAULT_MAX: Record<LimitCode, number> = {
  LIMIT_SPACES_ERROR: 4,
  LIMIT_MEMBERS_ERROR: 5,
  LIMIT_WALLETS_ERROR: 3,
  LIMIT_TRIAL_ERROR: 3,
  VIP_PLAN_LIMIT_EXCEEDED_ERROR: 0,
};

/** §8 limit modals (space, member, wallet, trial, a paid feature): what the limit is and which plan sets it. */
export function LimitModal({
  limit,
  space,
  onClose,
}: {
  limit: LimitInfo | null;
  space?: Space | null;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const navigate = useNavigate();
  const max = limit?.max ?? (limit ? DEFAULT_MAX[limit.code] : 0);
  const showPlan = Boolean(space) && limit?.code !== 'LIMIT_SPACES_ERROR';
  return (
    <Modal
      open={Boolean(limit)}
      onCancel={onClose}
      width={460}
      footer={[
        showPlan && space ? (
          <Button
            key="plan"
            onClick={() => {
              onClose();
              void navigate('/organization/settings?tab=plan');
            }}
          >
            {t('limit.viewPlan')}
          </Button>
        ) : null,
        <Button key="ok" type="primary" onClick={onClose}>
          {t('common:actions.ok')}
        </Button>,
      ]}
      data-testid="limit-modal"
    >
      {limit ? (
        <Result
          status="warning"
          title={t('limit.title')}
          subTitle={limit.message ?? t(`limit.${limit.code}`, { max })}
          style={{ paddingBlock: 16 }}
        >
          {showPlan && space ? (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('plan.current')}>
                {t(`plans.${space.vip_category}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('plan.members')}>{space.vip_data.org_user_num}</Descriptions.Item>
              <Descriptions.Item label={t('plan.wallets')}>{space.vip_data.wallet_num}</Descriptions.Item>
            </Descriptions>
          ) : null}
        </Result>
      ) : null}
    </Modal>
  );
}
