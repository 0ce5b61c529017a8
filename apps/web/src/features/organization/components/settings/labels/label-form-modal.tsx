import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import type { Label, LabelCategory } from '@keystead/contract/api/labels';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { trimStart } from '@/lib/validation';
import { useCreateLabel } from '../../../api/create-label';
import { useUpdateLabel } from '../../../api/update-label';
import { labelName } from '../../../label-name';
import { labelErrorMessage } from './label-error';

/** What the modal does: add a category, add a label (in a category), or rename a custom entry. */
export type LabelFormMode =
  | { mode: 'category' }
  | { mode: 'label'; categoryId?: number }
  | { mode: 'rename'; kind: 'category'; entry: LabelCategory }
  | { mode: 'rename'; kind: 'label'; entry: Label };

/** Add a category or a tag, or rename one; the server's refusal (a duplicate name) shows under the name. */
export function LabelFormModal(props: {
  spaceId: number;
  categories: LabelCategory[];
  mode: LabelFormMode | null;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const [form] = Form.useForm<{ name: string; category_id?: number }>();
  const create = useCreateLabel(props.spaceId);
  const update = useUpdateLabel(props.spaceId);
  const [problem, setProblem] = useState<string | null>(null);
  const mode = props.mode;
  const title = !mode
    ? ''
    : mode.mode === 'category'
      ? t('labels.addCategoryTitle')
      : mode.mode === 'label'
        ? t('labels.addLabelTitle')
        : t('labels.renameTitle', { name: labelName(mode.entry, t) });

  const submit = async () => {
    if (!mode) return;
    const values = await form.validateFields();
    const name = values.name.trim();
    setProblem(null);
    try {
      if (mode.mode === 'rename') {
        await update.mutateAsync({ kind: mode.kind, id: mode.entry.id, name });
        toastSuccess(t('labels.renamed'));
      } else {
        await create.mutateAsync({
          kind: mode.mode,
          name,
          ...(mode.mode === 'label' ? { category_id: values.category_id } : {}),
        });
        toastSuccess(t('labels.added', { name }));
      }
      props.onClose();
    } catch (error) {
      if (isApiError(error, 'LABEL_DUPLICATE_ERROR') || isApiError(error, 'PARAMS_INVALID_ERROR'))
        form.setFields([{ name: 'name', errors: [error.message] }]);
      else {
        const message = labelErrorMessage(error, t);
        if (message) setProblem(message);
        else void showErrorToast(error);
      }
    }
  };

  return (
    <Modal
      open={Boolean(mode)}
      title={title}
      okText={mode?.mode === 'rename' ? t('labels.save') : t('labels.add')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={create.isPending || update.isPending}
      onCancel={props.onClose}
      afterClose={() => setProblem(null)}
      okButtonProps={{ 'data-testid': 'label-form-submit' } as never}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: mode?.mode === 'rename' ? mode.entry.name : '',
          category_id: mode?.mode === 'label' ? (mode.categoryId ?? props.categories[0]?.id) : undefined,
        }}
        onFinish={() => void submit()}
      >
        {mode?.mode === 'label' ? (
          <Form.Item
            name="category_id"
            label={t('labels.category')}
            rules={[{ required: true, message: t('labels.categoryRequired') }]}
          >
            <Select
              id="label-category"
              options={props.categories.map((category) => ({
                value: category.id,
                label: labelName(category, t),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="name"
          label={t('labels.name')}
          getValueFromEvent={trimStart}
          rules={[
            { required: true, whitespace: true, message: t('labels.nameRequired') },
            { max: 40, message: t('labels.nameLength') },
          ]}
        >
          <Input id="label-name" maxLength={40} autoComplete="off" />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid="label-form-error" /> : null}
    </Modal>
  );
}
