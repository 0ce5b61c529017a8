import { useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { ClockCircleOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { cancelRecovery } from '../../../api/cancel-recovery';
import { executeRecoveryTx } from '../../../api/execute-recovery';
import type { RecoveryInfo } from '../../../api/get-recovery';
import type { RecoveryTx } from '../../../api/queue-recovery';
import { dueByEstimate, estimatedChainTime, nextQueued, runnable } from '../../../recovery-state';
import { MONO } from '../../wallet-bits';
import { chainDate, useCountdownText } from './recovery-bits';
import { RecoverySend } from './recovery-send';
import { RecoveryTaskModal } from './recovery-task-modal';
import { useNow } from './use-now';

/**
 * A recovery is pending: what is queued (replace X by Y), from when it can run with a countdown
 * on the chain's clock, that the wallet signs nothing else meanwhile; the owners' Veto, and Run
 * (anyone) once the delay is over by the chain's time as last read.
 */
export function RecoveryPending(props: { info: RecoveryInfo; syncing: boolean; onSync: () => void }) {
  const { t } = useLazyTranslation('recovery');
  const countdownText = useCountdownText();
  const now = useNow();
  const { info } = props;
  const [vetoing, setVetoing] = useState(false);
  const [run, setRun] = useState<RecoveryTx | null>(null);
  const [preparing, setPreparing] = useState(false);
  const next = nextQueued(info);
  if (!next) return null;
  const estimate = estimatedChainTime(info, now);
  const left = estimate === null ? null : Date.parse(next.executable_at) - estimate;
  const canRun = runnable(info);
  const due = dueByEstimate(info, now);
  const date = chainDate(next.executable_at);

  const prepareRun = async () => {
    setPreparing(true);
    try {
      setRun(await executeRecoveryTx(info.wallet_id));
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="recovery-pending">
      <Alert
        type="error"
        showIcon
        data-testid="recovery-pending-banner"
        message={
          <Typography.Text strong data-testid="recovery-pending-what">
            {next.lost_owner && next.new_owner
              ? t('pending.what', { lost: next.lost_owner, next: next.new_owner })
              : t('pending.whatOther', { to: next.to })}
          </Typography.Text>
        }
        description={
          <div>
            <div data-testid="recovery-pending-when">
              <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
              {canRun
                ? t('pending.runnableSince', { date })
                : left !== null && left > 0
                  ? t('pending.executableIn', { date, left: countdownText(left) })
                  : t('pending.executableFrom', { date })}
            </div>
            <div>{canRun ? t('pending.meanwhileRunnable') : t('pending.meanwhile')}</div>
            {next.expires_at ? (
              <div data-testid="recovery-pending-expires">
                {t('pending.expires', { date: chainDate(next.expires_at) })}
              </div>
            ) : null}
            {info.queued.length > 1 ? (
              <div>{t('pending.more', { count: info.queued.length - 1 })}</div>
            ) : null}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
              {t('pending.queuedAt', { date: chainDate(next.queued_at) })}{' '}
              <span style={{ ...MONO, wordBreak: 'break-all' }}>{next.tx_hash}</span>
            </Typography.Text>
          </div>
        }
      />
      <Space wrap>
        {info.you.can_cancel && info.cancel_task_id === null ? (
          <Button danger icon={<StopOutlined />} onClick={() => setVetoing(true)} data-testid="recovery-veto">
            {t('pending.veto')}
          </Button>
        ) : null}
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={!canRun || run !== null}
          loading={preparing}
          onClick={() => void prepareRun()}
          data-testid="recovery-run"
        >
          {canRun ? t('pending.run') : t('pending.runFrom', { date })}
        </Button>
        {due ? (
          <Button onClick={props.onSync} loading={props.syncing} data-testid="recovery-due-sync">
            {t('pending.dueSync')}
          </Button>
        ) : null}
      </Space>
      {!info.you.can_cancel ? (
        <Typography.Text type="secondary">{t('pending.noVeto')}</Typography.Text>
      ) : null}
      {run ? (
        <Card size="small" title={t('pending.runTitle')} data-testid="recovery-run-card">
          <Typography.Paragraph type="secondary">{t('pending.runHint')}</Typography.Paragraph>
          <RecoverySend
            walletId={info.wallet_id}
            tx={run}
            sendLabel={t('pending.runSend')}
            testId="recovery-execute"
            settled={(after) => !after.queued.some((q) => q.queue_nonce === next.queue_nonce)}
            onDone={() => {
              setRun(null);
              toastSuccess(
                next.lost_owner && next.new_owner
                  ? t('pending.ran', { lost: next.lost_owner, next: next.new_owner })
                  : t('pending.ranOther'),
              );
            }}
          />
        </Card>
      ) : null}
      {vetoing ? (
        <RecoveryTaskModal
          walletId={info.wallet_id}
          title={t('veto.title')}
          what={t('veto.what')}
          detail={t('veto.detail', { date })}
          okText={t('veto.confirm')}
          create={() => cancelRecovery(info.wallet_id)}
          created={(number) => t('veto.created', { number })}
          onClose={() => setVetoing(false)}
          testId="recovery-veto-modal"
        />
      ) : null}
    </Space>
  );
}
