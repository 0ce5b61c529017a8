import { useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import type { Label, LabelCategory } from '@keystead/contract/api/labels';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useUpdateLabel } from '../../../api/update-label';
import { labelName } from '../../../label-name';
import { labelErrorMessage } from './label-error';

export type LabelDeleteTarget = { kind: 'category'; entry: LabelCategory } | { kind: 'label'; entry: Label };

/** Confirms deleting a custom category (only an empty one) or tag; a refusal is said in the modal. */
export function LabelDeleteModal(props: {
  spaceId: number;
  target: LabelDeleteTarget | null;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const update = useUpdateLabel(props.spaceId);
  const [problem, setProblem] = useState<string | null>(null);
  const target = props.target;
  const name = target ? labelName(target.entry, t) : '';

  const submit = async () => {
    if (!target) return;
    setProblem(null);
    try {
      await update.mutateAsync({ kind: target.kind, id: target.entry.id, status: -2 });
      toastSuccess(t('labels.deleted', { name }));
      props.onClose();
    } catch (error) {
      const message = labelErrorMessage(error, t);
      if (message) setProblem(message);
      else void showErrorToast(error);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={t('labels.deleteTitle', { name })}
      okText={t('labels.deleteOk')}
      okButtonProps={{ danger: true, 'data-testid': 'label-delete-confirm' } as never}
      onOk={() => void submit()}
      confirmLoading={update.isPending}
      onCancel={props.onClose}
      afterClose={() => setProblem(null)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {target?.kind === 'category' ? t('labels.deleteCategoryBody') : t('labels.deleteLabelBody')}
      </Typography.Paragraph>
      {problem ? <Alert type="error" showIcon message={problem} data-testid="label-delete-error" /> : null}
    </Modal>
  );
}
