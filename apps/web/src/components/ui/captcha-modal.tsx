import { useEffect, useRef } from 'react';
import { Form, Modal, Spin } from 'antd';
import { TextInput, type InputRef } from './input';
import { useTranslation } from 'react-i18next';

/** §9: captcha modal width 350, image width 220, input focused 400 ms after opening. */
export const CAPTCHA_MODAL_WIDTH = 350;
export const CAPTCHA_IMAGE_WIDTH = 220;
export const CAPTCHA_FOCUS_DELAY_MS = 400;

export function CaptchaModal(props: {
  open: boolean;
  image: string | null;
  refreshing: boolean;
  submitting: boolean;
  onRefresh: () => void;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ imageCode: string }>();
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    const timer = setTimeout(() => inputRef.current?.focus(), CAPTCHA_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [props.open, form]);

  useEffect(() => {
    // A new picture needs a new answer.
    form.setFieldValue('imageCode', '');
  }, [props.image, form]);

  return (
    <Modal
      open={props.open}
      title={t('common:captcha.title')}
      width={CAPTCHA_MODAL_WIDTH}
      okText={t('common:actions.submit')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={props.submitting}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      maskClosable={false}
      destroyOnHidden
      centered
    >
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.6)' }}>{t('common:captcha.hint')}</p>
      <button
        type="button"
        onClick={props.onRefresh}
        title={t('common:captcha.refresh')}
        data-testid="captcha-image"
        style={{
          display: 'block',
          width: CAPTCHA_IMAGE_WIDTH,
          height: 80,
          margin: '0 auto 4px',
          padding: 0,
          border: '1px solid #e5e7ef',
          borderRadius: 6,
          background: '#fafbff',
          cursor: 'pointer',
        }}
      >
        {props.refreshing || !props.image ? (
          <Spin />
        ) : (
          <img
            src={props.image}
            alt={t('common:captcha.alt')}
            width={CAPTCHA_IMAGE_WIDTH - 2}
            height={78}
            style={{ display: 'block', objectFit: 'contain' }}
          />
        )}
      </button>
      <div style={{ textAlign: 'center', fontSize: 12, color: 'rgba(0,0,0,0.6)', marginBottom: 12 }}>
        {t('common:captcha.refresh')}
      </div>
      <Form form={form} onFinish={(values) => props.onSubmit(values.imageCode.trim())}>
        <Form.Item
          name="imageCode"
          rules={[{ required: true, whitespace: true, message: t('common:validation.imageCodeRequired') }]}
          style={{ marginBottom: 0 }}
        >
          <TextInput
            ref={inputRef}
            name="imageCode"
            placeholder={t('common:captcha.placeholder')}
            maxLength={12}
            autoComplete="off"
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
