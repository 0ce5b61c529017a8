import type { ReactNode } from 'react';
import { Typography } from 'antd';

export const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
} as const;

/** One labelled line of a task's detail on the phone (addresses and hashes in monospace). */
export function Field(props: { label: string; children: ReactNode; mono?: boolean; testId?: string }) {
  return (
    <div style={{ padding: '6px 0', borderTop: '1px solid #f0f0f0' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {props.label}
      </Typography.Text>
      <div style={{ fontSize: 14, ...(props.mono ? MONO : {}) }} data-testid={props.testId}>
        {props.children}
      </div>
    </div>
  );
}
