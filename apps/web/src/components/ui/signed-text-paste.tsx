import type { ReactNode } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { isApiError } from '@/lib/api-client';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.92em' };

/**
 * What to say next to a paste the server refused: `otherKey` (the step's own words) for a
 * signature by a key that is not the one asked for, else the server's message; null for a failure
 * that is no refusal (the network), which the caller toasts.
 */
export function refusalOf(error: unknown, otherKey: string): string | null {
  if (!isApiError(error) || error.isNetwork) return null;
  return error.code === 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR' ? otherKey : error.message;
}

/**
 * Signed elsewhere (a hardware wallet, a command line, another device), pasted here: what is to
 * be signed, copyable exactly as the signer's tool takes it; the formats accepted; a box for the
 * result and its button. What is plainly wrong with a paste (no accepted format, another key) is
 * said at once by `problem`; the server checks the signature itself, and its refusal is said here
 * too (`refusal`), next to what was pasted.
 */
export function SignedTextPaste(props: {
  hint: ReactNode;
  /** The text to sign: the whole of it (`block`), or one line that expands. */
  toSign?: { text: string; block?: boolean; testId?: string };
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What is wrong with the trimmed paste, or null (no check without it). */
  problem?: (value: string) => string | null;
  /** The server's refusal of the last paste, if any. */
  refusal?: string | null;
  submitText: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: (value: string) => void;
  testIds: { input: string; submit: string };
  rows?: number;
}) {
  const value = props.value.trim();
  const problem = value === '' ? null : (props.problem?.(value) ?? null);
  const toSign = props.toSign;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{props.hint}</Typography.Text>
      {toSign ? (
        <Typography.Paragraph
          copyable={{ text: toSign.text }}
          ellipsis={toSign.block ? false : { rows: 1, expandable: true }}
          style={{
            ...MONO,
            wordBreak: 'break-all',
            marginBottom: 0,
            ...(toSign.block
              ? { whiteSpace: 'pre-wrap', background: '#f6f8fc', padding: 8, borderRadius: 6 }
              : { fontSize: 12 }),
          }}
          data-testid={toSign.testId}
        >
          {toSign.text}
        </Typography.Paragraph>
      ) : null}
      <Input.TextArea
        rows={props.rows ?? 3}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        status={problem ? 'error' : undefined}
        style={MONO}
        data-testid={props.testIds.input}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="paste-problem">
          {problem}
        </Typography.Text>
      ) : null}
      <Button
        disabled={!value || Boolean(problem) || props.disabled}
        loading={props.busy}
        onClick={() => props.onSubmit(value)}
        data-testid={props.testIds.submit}
      >
        {props.submitText}
      </Button>
      {props.refusal ? (
        <Alert type="error" showIcon role="alert" message={props.refusal} data-testid="paste-refusal" />
      ) : null}
    </Space>
  );
}
