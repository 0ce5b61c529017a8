import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** §9: the resend countdown. */
export const RESEND_SECONDS = 60;

/**
 * A 6-character code input with its send button: after a send the button is disabled and counts
 * down the seconds left, then offers a resend (§4 Register).
 */
export function EmailCodeInput(props: {
  value?: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  id?: string;
  /** Sends the code; resolves with the seconds to wait, or rejects (the button stays available). */
  onSend: () => Promise<number | void>;
  sentHint?: string;
  disabled?: boolean;
  name?: string;
  /** Send once as soon as the field appears (the log-in e-mail step). */
  autoSend?: boolean;
}) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const { onSend } = props;
  const send = useCallback(async () => {
    setSending(true);
    try {
      const wait = await onSend();
      setSent(true);
      setSeconds(Math.max(1, Math.min(wait || RESEND_SECONDS, 600)));
    } catch {
      // The caller has already reported the failure; the button stays usable.
    } finally {
      setSending(false);
    }
  }, [onSend]);

  const autoSent = useRef(false);
  useEffect(() => {
    if (!props.autoSend || autoSent.current) return;
    autoSent.current = true;
    void send();
  }, [props.autoSend, send]);

  const label =
    seconds > 0
      ? t('common:emailCode.countdown', { seconds })
      : sent
        ? t('common:emailCode.resend')
        : t('common:emailCode.send');
  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={props.id}
          name={props.name}
          value={props.value}
          onChange={props.onChange}
          placeholder={t('common:emailCode.placeholder')}
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          disabled={props.disabled}
        />
        <Button
          onClick={send}
          loading={sending}
          disabled={seconds > 0 || props.disabled}
          data-testid="send-code"
          style={{ minWidth: 128 }}
        >
          {label}
        </Button>
      </Space.Compact>
      {sent ? (
        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', marginTop: 6 }} data-testid="code-sent-hint">
          {props.sentHint ?? t('common:emailCode.sentToYou')}{' '}
          {seconds > 0 ? t('common:emailCode.resendPrompt') : null}
        </div>
      ) : null}
    </div>
  );
}
