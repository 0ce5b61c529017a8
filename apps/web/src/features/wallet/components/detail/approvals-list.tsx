import type { ReactNode } from 'react';
import { Grid, List, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenApproval } from '../../api/token-approvals';
import {
  ApprovalAllowance,
  ApprovalSpender,
  ApprovalStatus,
  ApprovalToken,
  ApprovalTx,
} from './approval-cells';

const rowKey = (row: TokenApproval) => `${row.token}:${row.spender}`;
/** Each row names its spender, so a test (or a reader of the DOM) finds it by address. */
const rowProps = (row: TokenApproval) => ({ 'data-testid': 'approval-row', 'data-spender': row.spender });

/** The approvals as a table (desktop) or as cards (phones); `action` is the operator's button, if any. */
export function ApprovalsList(props: {
  rows: TokenApproval[];
  loading: boolean;
  action: ((row: TokenApproval) => ReactNode) | null;
}) {
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  const label = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 6 }}>
      {text}
    </Typography.Text>
  );
  if (!screens.md)
    return (
      <List
        data-testid="approvals-table"
        loading={props.loading}
        dataSource={props.rows}
        rowKey={rowKey}
        renderItem={(row) => (
          <List.Item {...rowProps(row)} style={{ display: 'block' }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <ApprovalToken row={row} />
              <ApprovalStatus row={row} />
            </div>
            {label(t('approvals.columns.spender'))}
            <ApprovalSpender row={row} />
            {label(t('approvals.columns.allowance'))}
            <ApprovalAllowance row={row} />
            {label(t('approvals.columns.lastTx'))}
            <ApprovalTx row={row} />
            {props.action ? <div style={{ marginTop: 8 }}>{props.action(row)}</div> : null}
          </List.Item>
        )}
      />
    );
  return (
    <Table<TokenApproval>
      data-testid="approvals-table"
      rowKey={rowKey}
      size="small"
      loading={props.loading}
      dataSource={props.rows}
      pagination={false}
      scroll={{ x: 900 }}
      onRow={(row) => rowProps(row) as never}
      columns={[
        {
          title: t('approvals.columns.token'),
          key: 'token',
          render: (_: unknown, row) => <ApprovalToken row={row} />,
        },
        {
          title: t('approvals.columns.spender'),
          key: 'spender',
          render: (_: unknown, row) => <ApprovalSpender row={row} />,
        },
        {
          title: t('approvals.columns.allowance'),
          key: 'allowance',
          render: (_: unknown, row) => <ApprovalAllowance row={row} />,
        },
        {
          title: t('approvals.columns.status'),
          key: 'status',
          render: (_: unknown, row) => <ApprovalStatus row={row} />,
        },
        {
          title: t('approvals.columns.lastTx'),
          key: 'tx',
          render: (_: unknown, row) => <ApprovalTx row={row} />,
        },
        ...(props.action
          ? [
              {
                title: t('approvals.columns.action'),
                key: 'action',
                render: (_: unknown, row: TokenApproval) => props.action!(row),
              },
            ]
          : []),
      ]}
    />
  );
}
