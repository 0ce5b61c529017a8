import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { openKey, WrongPinError, type KeyVault } from '../lib/pin-vault';
import { errorText } from './error-text';

/**
 * Asks for the PIN, opens the key and runs `action` with it. A wrong PIN is said here and
 * nothing is sent; the key is not kept once the action is done.
 */
export function PinModal(props: {
  vault: KeyVault;
  open: boolean;
  title: string;
  description?: string;
  confirm: string;
  /** What the button says while the action runs (default: signing). */
  working?: string;
  onCancel: () => void;
  action: (privateKey: `0x${string}`) => Promise<void>;
}) {
  const { t } = useLazyTranslation('mobile');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (props.open) {
      setPin('');
      setProblem(null);
    }
  }, [props.open]);

  const submit = async () => {
    if (!pin || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      let key: `0x${string}`;
      try {
        key = await openKey(props.vault, pin);
      } catch (error) {
        if (error instanceof WrongPinError) {
          setProblem(t('pin.wrong'));
          setPin('');
          return;
        }
        throw error;
      }
      await props.action(key);
    } catch (error) {
      setProblem(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={busy ? undefined : props.onCancel}
      maskClosable={!busy}
      closable={!busy}
      footer={null}
      destroyOnHidden
      data-testid="mobile-pin-modal"
    >
      {props.description ? (
        <Typography.Paragraph type="secondary">{props.description}</Typography.Paragraph>
      ) : null}
      <label htmlFor="mobile-pin">
        <Typography.Text strong>{t('pin.label')}</Typography.Text>
      </label>
      <Input.Password
        id="mobile-pin"
        size="large"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        value={pin}
        maxLength={32}
        onChange={(event) => {
          setPin(event.target.value.replace(/\D/g, ''));
          setProblem(null);
        }}
        onPressEnter={() => void submit()}
        style={{ marginTop: 6 }}
        data-testid="mobile-pin"
      />
      {problem ? (
        <Alert
          type="error"
          showIcon
          message={problem}
          style={{ marginTop: 12 }}
          data-testid="mobile-pin-problem"
        />
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        style={{ marginTop: 16 }}
        loading={busy}
        disabled={!pin}
        onClick={() => void submit()}
        data-testid="mobile-pin-submit"
      >
        {busy ? (props.working ?? t('pin.working')) : props.confirm}
      </Button>
      <Button size="large" block style={{ marginTop: 8 }} disabled={busy} onClick={props.onCancel}>
        {t('pin.cancel')}
      </Button>
    </Modal>
  );
}
