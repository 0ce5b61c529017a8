import { Alert } from 'antd';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TaskInfo } from '../../api/types';
import { RevokeButton } from './revoke-button';

/** Refusals of a broadcast the card explains itself, rather than in a toast. */
export type BroadcastRefusal = { kind: 'queue'; nonce: string } | { kind: 'nonceUsed' };

/** The refusal `error` is, when the card explains it (the Safe nonce queue, a nonce used elsewhere). */
export function broadcastRefusal(error: unknown): BroadcastRefusal | null {
  if (isApiError(error, 'NONCE_TOO_LOW_ERROR')) return { kind: 'nonceUsed' };
  if (isApiError(error, 'BROADCAST_REJECTED_ERROR')) {
    const data = error.data as { reason?: string; waiting_for_nonce?: string } | null;
    if (data?.reason === 'queue' && data.waiting_for_nonce !== undefined)
      return { kind: 'queue', nonce: data.waiting_for_nonce };
  }
  return null;
}

/** "Broadcast the transfer with nonce N first", or "can no longer execute" with Revoke. */
export function BroadcastRefusalAlert(props: { refusal: BroadcastRefusal; task: TaskInfo }) {
  const { t } = useLazyTranslation('preSign');
  const { refusal } = props;
  if (refusal.kind === 'queue')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 12 }}
        message={t('broadcast.queueTitle')}
        description={t('broadcast.queue', { nonce: refusal.nonce })}
        data-testid="broadcast-queue-error"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 12 }}
      message={t('broadcast.nonceUsedTitle')}
      description={t('broadcast.nonceUsed')}
      action={<RevokeButton task={props.task} />}
      data-testid="broadcast-nonce-used"
    />
  );
}
