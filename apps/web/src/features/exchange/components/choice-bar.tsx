import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { showErrorToast } from '@/lib/notify';

/** A row of choices (a Segmented) that scrolls by itself on a phone, never the page. */
export function ChoiceBar({ children }: { children: ReactNode }) {
  return <div style={{ maxWidth: '100%', overflowX: 'auto', flex: '0 1 auto' }}>{children}</div>;
}

/** A tab's toolbar: its row of choices on the left (a ChoiceBar), its actions on the right. */
export function TabToolbar({ choices, children }: { choices: ReactNode; children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        justifyContent: 'space-between',
        alignItems: 'center',
        marginBottom: 12,
      }}
    >
      <ChoiceBar>{choices}</ChoiceBar>
      {children}
    </div>
  );
}

/** Downloads what a tab shows as CSV; a failed download is an error toast. */
export function ExportButton(props: {
  label: string;
  exporting: boolean;
  disabled: boolean;
  onExport: () => Promise<unknown>;
  testId: string;
}) {
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={props.exporting}
      disabled={props.disabled}
      onClick={() => props.onExport().catch((error: unknown) => showErrorToast(error))}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}
