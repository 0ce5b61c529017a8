import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Space, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { sendBroadcast, useTaskAction } from '../../api/task-actions';
import type { EvmTaskInfo } from '../../api/types';
import { broadcastRefusal, BroadcastRefusalAlert, type BroadcastRefusal } from './broadcast-refusal';
import { CODE_PATTERN, PreSignCode } from './pre-sign-code';

type Sponsor = NonNullable<EvmTaskInfo['sponsor']>;

/** "Gas paid by payment address Ops gas (0x…)": who pays, said before and after the broadcast. */
export function SponsorLine({ sponsor }: { sponsor: Sponsor }) {
  const { t } = useLazyTranslation('transfer');
  return (
    <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="broadcast-sponsor">
      {t('broadcast.sponsor.paidBy', { name: sponsor.name ?? t('broadcast.sponsor.unnamed') })}{' '}
      <Typography.Text copyable={{ text: sponsor.address }} style={{ ...MONO, wordBreak: 'break-all' }}>
        {sponsor.address}
      </Typography.Text>
    </Typography.Paragraph>
  );
}

/**
 * Broadcast (or, at status 6, speed-up) of a transfer whose wallet is sponsored: the server signs
 * and sends the Safe execution from the bound payment address, which pays the gas. No browser
 * wallet and no fee choice: POST /broadcast with the task id alone.
 */
export function SponsoredBroadcast({ task, sponsor }: { task: EvmTaskInfo; sponsor: Sponsor }) {
  const { t } = useLazyTranslation('transfer');
  const report = useTaskAction(sendBroadcast);
  const speedUp = task.status === 6;
  const needsCode = task.type === 5 && task.status === 5;
  const [code, setCode] = useState('');
  const [codeTried, setCodeTried] = useState(false);
  const [refusal, setRefusal] = useState<BroadcastRefusal | null>(null);
  const [noFunds, setNoFunds] = useState(false);

  const submit = async () => {
    setCodeTried(true);
    if (needsCode && !CODE_PATTERN.test(code)) return;
    setRefusal(null);
    setNoFunds(false);
    try {
      await report.mutateAsync({ task_id: task.task_id, ...(needsCode ? { email_code: code } : {}) });
      toastSuccess(speedUp ? t('broadcast.spedUp') : t('broadcast.done'));
    } catch (error) {
      setRefusal(broadcastRefusal(error));
      setNoFunds(isApiError(error, 'BROADCAST_INSUFFICIENT_FEE_ERROR'));
    }
  };

  return (
    <div data-testid="broadcast-form">
      <SponsorLine sponsor={sponsor} />
      <Typography.Paragraph type="secondary">
        {speedUp ? t('broadcast.sponsor.speedUpHint') : t('broadcast.sponsor.hint')}
      </Typography.Paragraph>
      {needsCode ? (
        <PreSignCode value={code} error={codeTried && !CODE_PATTERN.test(code)} onChange={setCode} />
      ) : null}
      <Space style={{ marginTop: 4 }} wrap>
        <Button
          type="primary"
          loading={report.isPending}
          onClick={() => void submit()}
          data-testid={speedUp ? 'speed-up' : 'broadcast-submit'}
        >
          {speedUp ? t('broadcast.speedUp') : t('broadcast.broadcast')}
        </Button>
      </Space>
      {noFunds ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="broadcast-sponsor-funds"
          message={t('broadcast.sponsor.noFundsTitle')}
          description={
            <>
              {t('broadcast.sponsor.noFunds', { name: sponsor.name ?? sponsor.address })}{' '}
              <Link to="/payment">{t('broadcast.sponsor.toPayment')}</Link>
            </>
          }
        />
      ) : null}
      {refusal ? <BroadcastRefusalAlert refusal={refusal} task={task} /> : null}
    </div>
  );
}
