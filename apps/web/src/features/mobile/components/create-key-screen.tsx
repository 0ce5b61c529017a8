import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Steps, Typography } from 'antd';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { useLazyTranslation } from '@/lib/use-namespace';
import { registerPhoneKey } from '../api/register-key';
import { isValidPin, PIN_MIN_LENGTH, saveVault, sealKey, type KeyVault } from '../lib/pin-vault';
import { errorText } from './error-text';
import { MobileTitle } from './mobile-shell';

interface Values {
  name: string;
  pin: string;
  pin2: string;
}

type Step = 'key' | 'add' | 'done';

/**
 * No key on this phone for the account yet: the key is made here, sealed under the PIN and kept
 * on the phone; then added to the account as a signer address and proven by signing its challenge.
 */
export function CreateKeyScreen(props: {
  email: string;
  onCreated: (vault: KeyVault, error: unknown) => void;
}) {
  const { t } = useLazyTranslation('mobile');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const create = async (values: Values) => {
    setBusy(true);
    setProblem(null);
    let vault: KeyVault | null = null;
    try {
      setStep('key');
      const privateKey = generatePrivateKey();
      const account = privateKeyToAccount(privateKey);
      vault = await sealKey(privateKey, values.pin, {
        email: props.email,
        name: values.name.trim(),
        address: account.address,
      });
      saveVault(vault);
      setStep('add');
      await registerPhoneKey(account, vault.name, null);
      setStep('done');
      props.onCreated(vault, null);
    } catch (error) {
      // Kept on the phone already: the key card offers to finish the verification with the PIN.
      if (vault) props.onCreated(vault, error);
      else setProblem(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="mobile-create-key">
      <MobileTitle>{t('create.title')}</MobileTitle>
      <Typography.Paragraph type="secondary">{t('create.intro')}</Typography.Paragraph>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: t('create.defaultName'), pin: '', pin2: '' }}
          onFinish={(values) => void create(values)}
          disabled={busy}
        >
          <Form.Item
            name="name"
            label={t('create.name')}
            rules={[{ required: true, whitespace: true, max: 40, message: t('create.nameRequired') }]}
          >
            <Input size="large" maxLength={40} data-testid="mobile-key-name" />
          </Form.Item>
          <Form.Item
            name="pin"
            label={t('create.pin')}
            extra={t('create.pinHint', { count: PIN_MIN_LENGTH })}
            normalize={(value: string) => value.replace(/\D/g, '')}
            rules={[
              {
                validator: (_, value: string) =>
                  isValidPin(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('create.pinShort', { count: PIN_MIN_LENGTH }))),
              },
            ]}
          >
            <Input.Password
              size="large"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={32}
              data-testid="mobile-key-pin"
            />
          </Form.Item>
          <Form.Item
            name="pin2"
            label={t('create.pin2')}
            dependencies={['pin']}
            normalize={(value: string) => value.replace(/\D/g, '')}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string) =>
                  value && value === getFieldValue('pin')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('create.pinMismatch'))),
              }),
            ]}
          >
            <Input.Password
              size="large"
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={32}
              data-testid="mobile-key-pin2"
            />
          </Form.Item>
          <Alert type="warning" showIcon message={t('create.pinWarning')} style={{ marginBottom: 16 }} />
          {busy && step ? (
            <Steps
              direction="vertical"
              size="small"
              current={step === 'key' ? 0 : step === 'add' ? 1 : 2}
              items={[{ title: t('create.stepKey') }, { title: t('create.stepVerify') }]}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          {problem ? (
            <Alert
              type="error"
              showIcon
              message={problem}
              style={{ marginBottom: 12 }}
              data-testid="mobile-create-problem"
            />
          ) : null}
          <Button
            type="primary"
            size="large"
            block
            htmlType="submit"
            loading={busy}
            data-testid="mobile-key-create"
          >
            {t('create.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
