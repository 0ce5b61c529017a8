import type { CSSProperties } from 'react';

/** A message's text or JSON as people read it: kept as written, wrapped, scrolled when long. */
export const MESSAGE_PRE: CSSProperties = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  margin: 0,
  maxHeight: 240,
  overflow: 'auto',
};

/**
 * EIP-712 typed data as people read it: its primary type, its domain and its fields (JSON). The
 * signing page and the phone show a Dapp's typed message with it; labels come in the caller's
 * language namespace.
 */
export function TypedDataBody(props: {
  typed: { primaryType: string; domain: unknown; message: unknown };
  labels: { primaryType: string; domain: string; fields: string };
  pre?: CSSProperties;
  testId: string;
}) {
  const pre = { ...MESSAGE_PRE, ...props.pre };
  return (
    <div data-testid={props.testId}>
      <div>
        {props.labels.primaryType}: <strong>{props.typed.primaryType}</strong>
      </div>
      <div style={{ marginTop: 4 }}>{props.labels.domain}:</div>
      <pre style={pre}>{JSON.stringify(props.typed.domain, null, 2)}</pre>
      <div style={{ marginTop: 4 }}>{props.labels.fields}:</div>
      <pre style={pre}>{JSON.stringify(props.typed.message, null, 2)}</pre>
    </div>
  );
}
