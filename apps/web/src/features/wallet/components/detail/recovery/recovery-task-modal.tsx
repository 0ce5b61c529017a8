import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Modal } from 'antd';
import type { TransferTask } from '@keystead/contract/api/transfer-replies';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { recoveryKey } from '../../../api/get-recovery';

/**
 * Confirms a recovery task (the owners' veto, an admin's disabling): what it does and that the
 * owners sign it like a transfer; then creates it. The tab then shows the task's link and status.
 */
export function RecoveryTaskModal(props: {
  walletId: number;
  title: string;
  what: string;
  detail: string;
  okText: string;
  create: () => Promise<TransferTask>;
  created: (number: string) => string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useLazyTranslation('recovery');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const task = await props.create();
      toastSuccess(props.created(task.task_number));
      void client.invalidateQueries({ queryKey: recoveryKey(props.walletId) });
      void client.invalidateQueries({ queryKey: ['transfer'] });
      props.onClose();
    } catch (error) {
      // The state changed meanwhile (another veto, the recovery ran): the tab says how it stands.
      void client.invalidateQueries({ queryKey: recoveryKey(props.walletId) });
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void confirm()}
      okText={props.okText}
      cancelText={t('close')}
      okButtonProps={{ danger: true, loading: busy, ...testId(`${props.testId}-confirm`) }}
      cancelButtonProps={testId(`${props.testId}-close`)}
      destroyOnHidden
      data-testid={props.testId}
    >
      <Alert type="warning" showIcon message={props.what} description={props.detail} />
    </Modal>
  );
}

/** antd's button props take a test id only through an untyped attribute. */
const testId = (id: string) => ({ 'data-testid': id }) as Record<string, string>;
