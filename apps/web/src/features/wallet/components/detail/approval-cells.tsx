import { Link } from 'react-router';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenApproval } from '../../api/token-approvals';
import { AddressText } from '../wallet-bits';

/** The pieces of one token approval, shared by the table (desktop) and the cards (phones). */

export function ApprovalToken({ row }: { row: TokenApproval }) {
  const { t } = useTranslation('wallets');
  return (
    <div data-testid="approval-token">
      <Typography.Text strong>{row.symbol ?? t('approvals.unknownToken')}</Typography.Text>
      <div>
        <AddressText address={row.token} />
      </div>
    </div>
  );
}

/** The spender's name in this space (address book, own wallet) over its address. */
export function ApprovalSpender({ row }: { row: TokenApproval }) {
  return (
    <div data-testid="approval-spender">
      {row.spender_name ? <Typography.Text strong>{row.spender_name}</Typography.Text> : null}
      <div>
        <AddressText address={row.spender} />
      </div>
    </div>
  );
}

export function ApprovalAllowance({ row }: { row: TokenApproval }) {
  const { t } = useTranslation('wallets');
  if (row.unlimited)
    return (
      <Tag color="warning" data-testid="approval-allowance" style={{ marginInlineEnd: 0 }}>
        {t('approvals.unlimited')}
      </Tag>
    );
  return (
    <Typography.Text data-testid="approval-allowance">
      {row.decimals === null
        ? t('approvals.baseUnits', { value: row.allowance })
        : `${row.allowance} ${row.symbol ?? ''}`.trim()}
    </Typography.Text>
  );
}

/** §3 approve → Approved; approve_cancel → Cancelling, with the cancellation's task. */
export function ApprovalStatus({ row }: { row: TokenApproval }) {
  const { t } = useTranslation('wallets');
  return (
    <Space size={4} wrap data-testid="approval-status">
      <Tag color={row.status === 'approve' ? 'success' : 'processing'} style={{ marginInlineEnd: 0 }}>
        {t(`approvals.status.${row.status}`)}
      </Tag>
      {row.cancel_task_id !== null ? (
        <Link to={`/task/${row.cancel_task_id}`} data-testid="approval-cancel-task">
          {t('approvals.openCancelTask')}
        </Link>
      ) : null}
    </Space>
  );
}

/** The latest Approval event's transaction and block. */
export function ApprovalTx({ row }: { row: TokenApproval }) {
  const { t } = useTranslation('wallets');
  return (
    <div>
      <AddressText address={row.tx_hash} short={`${row.tx_hash.slice(0, 10)}…`} />
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('approvals.block', { block: row.block_number })}
      </Typography.Text>
    </div>
  );
}
