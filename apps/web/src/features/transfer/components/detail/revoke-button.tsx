import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { toastSuccess } from '@/lib/notify';
import { revokeTask, useTaskAction } from '../../api/task-actions';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { TaskInfo } from '../../api/types';

/** Revoke (§4: offered at 0, 3 and 5) with the stage's own confirmation; at 5 it creates the on-chain rejection. */
export function RevokeButton({ task }: { task: TaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const revoke = useTaskAction(revokeTask);
  const stage = task.status === 0 ? 'approval' : task.status === 3 ? 'signing' : 'broadcast';
  // mutateAsync: the page re-renders without this button once the revoke lands, and navigation must still happen.
  const confirm = async () => {
    const reply = await revoke
      .mutateAsync({ task_id: task.task_id, ...(comment.trim() ? { comment: comment.trim() } : {}) })
      .catch(() => null);
    if (!reply) return;
    setOpen(false);
    if (reply.rejection_task_id) {
      toastSuccess(t('revoke.rejectionCreated'));
      void navigate(`/task/${reply.rejection_task_id}`);
    } else toastSuccess(t('revoke.done'));
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="revoke">
        {t('revoke.button')}
      </Button>
      <Modal
        open={open}
        title={t(`revoke.title.${stage}`)}
        okText={t('revoke.confirm')}
        okButtonProps={{ danger: true, loading: revoke.isPending, 'data-testid': 'revoke-confirm' } as never}
        cancelText={t('revoke.cancel')}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph data-testid="revoke-text">{t(`revoke.body.${stage}`)}</Typography.Paragraph>
        <Input.TextArea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={300}
          placeholder={t('revoke.comment')}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Modal>
    </>
  );
}
