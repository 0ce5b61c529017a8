import { Alert, Button, Card, Descriptions, Grid, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { RecoveryInfo } from '../../../api/get-recovery';
import { nextStep, taskNumber, type NextStep } from '../../../recovery-state';
import { RecoveryTaskLink } from './recovery-task-link';
import {
  FullAddress,
  RecoveryStateTag,
  chainDate,
  useDelayText,
  useDescriptionsLayout,
} from './recovery-bits';

/**
 * What emergency recovery is, where this wallet's stands (state, recoverer, delay, module) and
 * who acts next, in words. "Read the chain now" asks the server to read the module again.
 */
export function RecoveryStateCard(props: { info: RecoveryInfo; syncing: boolean; onSync: () => void }) {
  const { t } = useLazyTranslation('recovery');
  const screens = Grid.useBreakpoint();
  const delayText = useDelayText();
  const layout = useDescriptionsLayout();
  const { info } = props;
  const step = nextStep(info);
  const set = info.state !== 'not_enabled';
  return (
    <Card
      size="small"
      data-testid="recovery-state-card"
      title={
        <Space size={8} wrap>
          <span>{t('title')}</span>
          <RecoveryStateTag state={info.state} />
        </Space>
      }
      extra={
        info.available && set ? (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={props.syncing}
            onClick={props.onSync}
            data-testid="recovery-sync"
          >
            {screens.sm ? t('sync') : t('syncShort')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('intro')}
      </Typography.Paragraph>
      {set ? (
        <Descriptions column={1} size="small" bordered layout={layout} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('fields.recoverer')}>
            {info.recoverer ? (
              <div data-testid="recovery-recoverer">
                <Typography.Text strong style={{ display: 'block' }}>
                  {info.recoverer.user_id === null
                    ? t('fields.backup')
                    : (info.recoverer.nickname ?? t('fields.member'))}
                  {info.you.is_recoverer ? ` ${t('fields.you')}` : ''}
                </Typography.Text>
                <FullAddress address={info.recoverer.address} />
              </div>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.delay')}>
            <span data-testid="recovery-delay">
              {info.cooldown_hours !== null ? delayText(info.cooldown_hours) : '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.expiry')}>
            {info.expiration_hours
              ? t('fields.expiresAfter', { delay: delayText(info.expiration_hours) })
              : t('fields.noExpiry')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.module')}>
            {info.delay_address ? <FullAddress address={info.delay_address} testId="recovery-module" /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.chainTime')}>
            <span data-testid="recovery-chain-time">
              {info.chain_time
                ? t('fields.chainTimeRead', {
                    time: chainDate(info.chain_time),
                    checked: info.checked_at ? chainDate(info.checked_at) : '—',
                  })
                : t('fields.notRead')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <NextStepLine step={step} info={info} />
    </Card>
  );
}

/** Who acts next, as an alert: the enabling, veto or disabling task's link and status where one runs. */
function NextStepLine({ step, info }: { step: NextStep; info: RecoveryInfo }) {
  const { t } = useLazyTranslation('recovery');
  const delayText = useDelayText();
  const message = (() => {
    switch (step.key) {
      case 'unavailable':
        return t('next.unavailable');
      case 'notEnabled':
        return info.you.can_manage ? t('next.notEnabledAdmin') : t('next.notEnabled');
      case 'enabling':
        return t('next.enabling', { number: taskNumber(step.taskId) });
      case 'reading':
        return t('next.reading');
      case 'enabled':
        return info.you.is_recoverer
          ? t('next.enabledYou', { delay: delayText(step.hours) })
          : t('next.enabled', { delay: delayText(step.hours) });
      case 'disabling':
        return t('next.disabling', { number: taskNumber(step.taskId) });
      case 'vetoing':
        return t('next.vetoing', { number: taskNumber(step.taskId) });
      case 'waiting':
      case 'otherQueued':
        return t('next.waiting', { date: chainDate(step.executableAt) });
      case 'runnable':
        return t('next.runnable');
    }
  })();
  const taskId = 'taskId' in step ? step.taskId : null;
  const type =
    step.key === 'unavailable'
      ? 'warning'
      : step.key === 'waiting' ||
          step.key === 'otherQueued' ||
          step.key === 'runnable' ||
          step.key === 'vetoing'
        ? 'warning'
        : 'info';
  return (
    <Alert
      type={type}
      showIcon
      data-testid="recovery-next"
      data-step={step.key}
      message={<span data-testid="recovery-next-text">{message}</span>}
      description={
        taskId !== null ? (
          <RecoveryTaskLink taskId={taskId} testId="recovery-task" />
        ) : step.key === 'notEnabled' && !info.you.can_manage ? (
          t('next.notEnabledHint')
        ) : undefined
      }
    />
  );
}
