import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** A modal holding one form: OK submits it, closing resets it. */
export function FormModal<T extends object>(props: {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  busy: boolean;
  onSubmit: (values: T) => void;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={props.busy}
      onOk={() => props.form.submit()}
      onCancel={props.onClose}
      afterClose={() => props.form.resetFields()}
      destroyOnHidden
      maskClosable={false}
      data-testid={props.testId}
    >
      <Form
        form={props.form}
        layout="vertical"
        requiredMark={false}
        onFinish={props.onSubmit}
        preserve={false}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
