import { useState } from 'react';
import { Alert, Button, Card, Form, Modal, Space, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { WizardProgress } from '@/components/ui/wizard-progress';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAddExchange } from '../../api/add-exchange';
import { failedCheckSteps, useCheckExchange } from '../../api/check-exchange';
import type { ExchangeAccountItem } from '../../api/list-exchange-accounts';
import {
  CREDENTIAL_FIELDS,
  checkBody,
  currentCheck,
  inputKey,
  type AddExchangeValues,
  type CheckState,
} from './check-state';
import { CheckSteps } from './check-steps';
import { CredentialsForm } from './credentials-form';
import { DetailsForm } from './details-form';

const INITIAL: AddExchangeValues = {
  api_key_type: 1,
  account_mode: 'classic',
  ip_whitelist: false,
  viewers: [],
};

/**
 * The add-exchange wizard (§2; §4 connectivity check steps). Step 1: the API key and a
 * connection test whose four steps show as they come back; step 2: name, remark and viewers, and
 * Add — enabled only while the shown input is the one that passed (an edit of any credential
 * asks for a new test).
 */
export function AddExchangeModal(props: {
  open: boolean;
  onClose: () => void;
  onAdded: (account: ExchangeAccountItem) => void;
}) {
  const { t } = useLazyTranslation('exchange');
  const [form] = Form.useForm<AddExchangeValues>();
  const [step, setStep] = useState(0);
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const [addError, setAddError] = useState<unknown>(null);
  const runCheck = useCheckExchange();
  const add = useAddExchange();
  const values = Form.useWatch([], { form, preserve: true }) ?? INITIAL;
  const key = inputKey(checkBody(values));
  const shown = currentCheck(check, key);
  const passed = shown.kind === 'passed';
  const titles = [t('add.steps.connect'), t('add.steps.details')];

  // Nothing typed stays behind: the next opening starts empty (the secret is never shown again).
  const close = () => {
    form.resetFields();
    setStep(0);
    setCheck({ kind: 'idle' });
    setAddError(null);
    props.onClose();
  };

  const test = async () => {
    const checked = checkBody(
      await form.validateFields([...CREDENTIAL_FIELDS]).then(() => form.getFieldsValue(true)),
    );
    const checkedKey = inputKey(checked);
    setCheck({ kind: 'running', key: checkedKey });
    try {
      const reply = await runCheck.mutateAsync(checked);
      setCheck({ kind: 'passed', key: checkedKey, reply });
    } catch (error) {
      setCheck({
        kind: 'failed',
        key: checkedKey,
        steps: failedCheckSteps(error),
        code: isApiError(error) ? error.code : 'network_error',
        message: isApiError(error) && !error.isNetwork ? error.message : t('check.networkFailed'),
      });
    }
  };

  const submit = async () => {
    if (shown.kind !== 'passed') return;
    const all = await form.validateFields();
    setAddError(null);
    try {
      const account = await add.mutateAsync({
        ...checkBody(all),
        name: (all.name ?? '').trim(),
        ...(all.remark?.trim() ? { remark: all.remark.trim() } : {}),
        viewers: all.viewers ?? [],
        check_token: shown.reply.check_token,
      });
      toastSuccess(t('add.done', { name: account.name }));
      close();
      props.onAdded(account);
    } catch (error) {
      // A used or expired check: the test runs again before an add.
      if (isApiError(error, 'EXCHANGE_CONNECT_TEST_REQUIRED_ERROR')) setCheck({ kind: 'idle' });
      setAddError(error);
    }
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            {t('common:actions.cancel')}
          </Button>,
          <Button
            key="next"
            type="primary"
            disabled={!passed}
            onClick={() => setStep(1)}
            data-testid="exchange-add-next"
          >
            {t('add.next')}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep(0)} data-testid="exchange-add-back">
            {t('common:actions.back')}
          </Button>,
          <Button
            key="add"
            type="primary"
            disabled={!passed}
            loading={add.isPending}
            onClick={() => void submit().catch(() => undefined)}
            data-testid="exchange-add-submit"
          >
            {t('add.submit')}
          </Button>,
        ];

  return (
    <Modal
      open={props.open}
      title={t('add.title')}
      onCancel={close}
      footer={footer}
      width={720}
      destroyOnHidden
      maskClosable={false}
    >
      <WizardProgress
        step={step}
        titles={titles}
        label={t('add.stepOf', { step: step + 1, count: titles.length, title: titles[step] })}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={INITIAL}
        data-testid="exchange-add-form"
        onValuesChange={() => setAddError(null)}
      >
        <div style={{ display: step === 0 ? 'block' : 'none' }} data-testid="exchange-add-step-connect">
          <CredentialsForm exchange={values.exchange} />
          <Card
            size="small"
            title={t('check.title')}
            extra={
              <Button
                type={passed ? 'default' : 'primary'}
                icon={<ApiOutlined />}
                loading={shown.kind === 'running'}
                onClick={() => void test().catch(() => undefined)}
                data-testid="exchange-check-run"
              >
                {shown.kind === 'failed' ? t('check.again') : t('check.run')}
              </Button>
            }
          >
            {check.kind !== 'idle' && shown.kind === 'idle' ? (
              <Typography.Paragraph type="warning" data-testid="exchange-check-stale">
                {t('check.stale')}
              </Typography.Paragraph>
            ) : null}
            <CheckSteps state={shown} />
            {shown.kind === 'passed' ? (
              <Alert
                type="success"
                showIcon
                style={{ marginTop: 8 }}
                data-testid="exchange-check-passed"
                message={t('check.passed', {
                  kind: t(`keyKind.${shown.reply.api_key_type}`),
                  mode: t(`accountMode.${shown.reply.account_mode}`),
                })}
                description={shown.reply.ip_restricted ? t('check.ipRestricted') : undefined}
              />
            ) : null}
          </Card>
        </div>
        <div style={{ display: step === 1 ? 'block' : 'none' }} data-testid="exchange-add-step-details">
          <DetailsForm />
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="info" showIcon message={t('add.secretsOnce')} />
            {addError ? (
              <Alert
                type="error"
                showIcon
                data-testid="exchange-add-error"
                message={t('add.failed')}
                description={
                  isApiError(addError) && !addError.isNetwork ? addError.message : t('check.networkFailed')
                }
              />
            ) : null}
          </Space>
        </div>
      </Form>
    </Modal>
  );
}
