import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Edition, Space } from '../api/types';
import { LogoPicker } from './logo-picker';

export interface SpaceFormValues {
  name: string;
  description?: string;
  kind: 1 | 2;
  edition: Edition;
  logo?: File | null;
}

/** §3/§5 space form: name (trailing spaces trimmed, 1–30, default "my space"), description under 100, logo, kind. */
export function SpaceFormModal({
  open,
  space,
  edition = 'formal',
  busy,
  mfaMissing,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** Edit mode when given. */
  space?: Space | null;
  edition?: Edition;
  busy: boolean;
  /** Create mode: the user has no authenticator yet (the server will refuse). */
  mfaMissing?: boolean;
  onSubmit: (values: SpaceFormValues) => void;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const [form] = Form.useForm<SpaceFormValues>();
  const editing = Boolean(space);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      space
        ? {
            name: space.name,
            description: space.description ?? '',
            kind: space.kind,
            edition: space.edition,
            logo: null,
          }
        : { name: 'my space', description: '', kind: 1, edition, logo: null },
    );
  }, [open, space, edition, form]);

  return (
    <Modal
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={busy}
      destroyOnHidden
      styles={{ body: { paddingBlock: 12 } }}
      width={520}
      okButtonProps={{ 'data-testid': 'space-form-submit' } as Record<string, string>}
      data-testid="space-form-modal"
    >
      {!editing && mfaMissing ? (
        <Alert
          type="info"
          showIcon
          message={t('mfa.title')}
          description={t('mfa.text')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          onSubmit({
            ...values,
            name: values.name.replace(/\s+$/, ''),
            description: values.description?.trim(),
          })
        }
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          getValueFromEvent={(event: { target: { value: string } }) => event.target.value.replace(/^\s+/, '')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            {
              validator: (_rule, value: string | undefined) =>
                !value || value.replace(/\s+$/, '').length <= 30
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.nameLength'))),
            },
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} maxLength={30} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('form.description')}
          rules={[{ max: 99, message: t('form.descriptionLength') }]}
        >
          <Input.TextArea placeholder={t('form.descriptionPlaceholder')} rows={3} maxLength={99} showCount />
        </Form.Item>
        <Form.Item name="logo" label={t('form.logo')}>
          <LogoPicker currentUrl={space?.logo_url} />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group disabled={editing}>
            <Radio.Button value={1}>{t('kind.1')}</Radio.Button>
            <Radio.Button value={2}>{t('kind.2')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="edition" label={t('form.edition')} style={{ marginBottom: 0 }}>
          <Radio.Group disabled={editing}>
            <Radio.Button value="experience">{t('edition.experience')}</Radio.Button>
            <Radio.Button value="formal">{t('edition.formal')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
