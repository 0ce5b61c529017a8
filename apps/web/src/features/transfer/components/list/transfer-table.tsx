import { Grid, List, Space, Table, Tag, Typography } from 'antd';
import { TaskPolicyLine } from '@/features/transfer-policy';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { labelName } from '@/features/organization';
import { AddressText, isWeightedFamily, useChains } from '@/features/wallet';
import type { TransferListItem } from '../../api/types';
import type { PickerWallet } from '@/features/wallet';
import { SigningCountdown } from '../signing-countdown';
import { TaskStatusTag, TokenAmount, formatTime } from '../transfer-bits';
import { useLazyTranslation } from '@/lib/use-namespace';
import { ApprovalTaskAmount, approvalTaskOf, useApprovalTitle } from '../approval-task';
import { RecoveryTaskLine, recoveryTaskOf, useRecoveryTitle } from '../recovery-task';
import { MessageTaskLine, messageTaskOf } from '../message-task';

interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Transfers as a table (desktop) or a list of cards (phones); a row opens the detail. */
export function TransferTable(props: {
  rows: TransferListItem[];
  loading: boolean;
  wallets: PickerWallet[];
  paging: Paging;
  empty: string;
  /** The pre-signed tab: each row's Safe nonce, the order they broadcast in. */
  preSigned?: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const chains = useChains().data?.list;
  const approvalTitle = useApprovalTitle();
  const recoveryTitle = useRecoveryTitle();
  // Tron and XRP thresholds are weights: their rows say the signatures and the weight needed, not "n of m".
  const weighted = (row: TransferListItem) =>
    isWeightedFamily(chains?.find((chain) => chain.chain_id === row.chain_id)?.family);
  const walletName = (row: TransferListItem) =>
    props.wallets.find((wallet) => wallet.wallet_id === row.wallet_id)?.name ?? `#${row.wallet_id}`;
  const pathOf = (row: TransferListItem) =>
    row.type === 3 ? `/wallet/detail/${row.wallet_id}` : `/task/${row.task_id}`;
  const open = (row: TransferListItem) => void navigate(pathOf(row));
  /** A list item works by keyboard as the link it is: Tab to it, Enter opens it. */
  const rowLink = (row: TransferListItem) => ({
    role: 'link',
    tabIndex: 0,
    'aria-label': `${row.task_number} · ${title(row)}`,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
    },
  });
  const pagination = {
    current: props.paging.page,
    pageSize: props.paging.pageSize,
    total: props.paging.total,
    onChange: props.paging.onChange,
    showSizeChanger: true,
    size: 'small' as const,
  };
  /** "Approvals 1/2 · Signatures 0/2" while the transfer is on its way; the "needs you" marker. */
  const progress = (row: TransferListItem) => {
    if (row.type === 3) return null;
    const parts: string[] = [];
    if ((row.progress.approval_threshold ?? 0) > 0)
      parts.push(
        t('listProgress.approvals', {
          done: row.progress.approved,
          of: row.progress.approval_threshold,
        }),
      );
    if ((row.progress.signing_threshold ?? 0) > 0)
      parts.push(
        weighted(row)
          ? t('listProgress.weighted', { done: row.progress.signed, weight: row.progress.signing_threshold })
          : t('listProgress.signatures', { done: row.progress.signed, of: row.progress.signing_threshold }),
      );
    return (
      <Space size={4} wrap>
        {parts.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="row-progress">
            {parts.join(' · ')}
          </Typography.Text>
        ) : null}
        <SigningCountdown expiresAt={row.signing_expires_at} status={row.status} compact />
        {row.needs_you ? (
          <Tag color="volcano" style={{ marginInlineEnd: 0 }} data-testid="needs-you">
            {t('listProgress.needsYou')}
          </Tag>
        ) : null}
      </Space>
    );
  };
  /**
   * The amount, or for an approval task the allowance it sets ("USDT allowance → 0"), or what a
   * recovery task does to the wallet's recovery.
   */
  const amount = (row: TransferListItem) => {
    const approval = approvalTaskOf(row);
    const recovery = recoveryTaskOf(row);
    if (approval) return <ApprovalTaskAmount dapp={approval} testId="row-approval-action" />;
    if (recovery) return <RecoveryTaskLine dapp={recovery} testId="row-recovery-action" />;
    const message = messageTaskOf(row);
    if (message) return <MessageTaskLine dapp={message} testId="row-message-action" />;
    return <TokenAmount amount={row.amount} symbol={row.symbol} />;
  };
  /** Where it goes; an approval task names the spender, not the token contract it calls. */
  const target = (row: TransferListItem) => approvalTaskOf(row)?.spender ?? row.to;
  const purpose = (row: TransferListItem) => (
    <span data-testid="row-fund-purpose">{row.fund_purpose ? labelName(row.fund_purpose, t) : '—'}</span>
  );
  const title = (row: TransferListItem) =>
    row.type === 3
      ? t('list.walletCreation')
      : row.rejection_of
        ? t('list.rejection')
        : approvalTaskOf(row)
          ? approvalTitle(approvalTaskOf(row)!)
          : recoveryTaskOf(row)
            ? recoveryTitle(recoveryTaskOf(row)!)
            : messageTaskOf(row)
              ? t('messageTask.title')
              : row.type === 5
                ? t('list.preSigned', { name: row.name ?? '' })
                : t('list.transfer');
  const nonceColumn = props.preSigned
    ? [
        {
          title: t('fields.nonce'),
          key: 'nonce',
          width: 80,
          render: (_: unknown, row: TransferListItem) => (
            <span data-testid="row-nonce">{row.nonce ?? '—'}</span>
          ),
        },
      ]
    : [];
  if (!screens.md)
    return (
      <List
        loading={props.loading}
        dataSource={props.rows}
        locale={{ emptyText: props.empty }}
        pagination={{ ...pagination, showSizeChanger: false, align: 'center' }}
        renderItem={(row) => (
          <List.Item
            onClick={() => open(row)}
            {...rowLink(row)}
            style={{ display: 'block', cursor: 'pointer' }}
            data-testid="transfer-row"
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
              <Typography.Text strong>
                {row.task_number} · <span data-testid="row-title">{title(row)}</span>
                {props.preSigned && row.nonce !== null ? (
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                    {' · '}
                    {t('fields.nonce')} <span data-testid="row-nonce">{row.nonce}</span>
                  </Typography.Text>
                ) : null}
              </Typography.Text>
              <TaskStatusTag status={row.status} />
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 4 }}>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {walletName(row)} →{' '}
                {row.type === 4
                  ? t('list.batchRecipients', { count: row.recipient_count ?? 0 })
                  : target(row)
                    ? `${target(row)!.slice(0, 6)}…${target(row)!.slice(-4)}`
                    : '—'}
                {row.fund_purpose ? <> · {purpose(row)}</> : null}
              </Typography.Text>
              <Typography.Text strong>{amount(row)}</Typography.Text>
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 4 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(row.ctime)}
              </Typography.Text>
              {progress(row)}
            </div>
            {row.policy ? (
              <div style={{ marginTop: 4 }}>
                <TaskPolicyLine policy={row.policy} />
              </div>
            ) : null}
          </List.Item>
        )}
      />
    );
  return (
    <Table<TransferListItem>
      rowKey="task_id"
      loading={props.loading}
      dataSource={props.rows}
      pagination={pagination}
      locale={{ emptyText: props.empty }}
      scroll={{ x: 1270 }}
      onRow={(row) =>
        ({ onClick: () => open(row), style: { cursor: 'pointer' }, 'data-testid': 'transfer-row' }) as never
      }
      columns={[
        {
          title: t('fields.number'),
          dataIndex: 'task_number',
          width: 110,
          // The number is the row's link: reachable by Tab, opened by Enter (the whole row takes clicks).
          render: (value: string, row) => (
            <Link to={pathOf(row)} onClick={(event) => event.stopPropagation()} style={{ fontWeight: 600 }}>
              {value}
            </Link>
          ),
        },
        ...nonceColumn,
        {
          title: t('fields.type'),
          width: props.preSigned ? 200 : 120,
          render: (_: unknown, row) => (
            <>
              <span data-testid="row-title">{title(row)}</span>
              {row.policy ? (
                <div>
                  <TaskPolicyLine policy={row.policy} compact />
                </div>
              ) : null}
            </>
          ),
        },
        { title: t('fields.wallet'), width: 150, render: (_: unknown, row) => walletName(row) },
        {
          title: t('fields.to'),
          dataIndex: 'to',
          width: 180,
          render: (value: string | null, row) =>
            row.type === 4 ? (
              <span data-testid="transfer-row-batch">
                {t('list.batchRecipients', { count: row.recipient_count ?? 0 })}
              </span>
            ) : (
              <span style={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
                <AddressText address={approvalTaskOf(row)?.spender ?? value} />
              </span>
            ),
        },
        {
          title: t('fields.amount'),
          width: 160,
          align: 'right',
          render: (_: unknown, row) => amount(row),
        },
        { title: t('fields.fundPurpose'), width: 140, render: (_: unknown, row) => purpose(row) },
        {
          title: t('fields.status'),
          dataIndex: 'status',
          width: 140,
          render: (value: number) => <TaskStatusTag status={value} />,
        },
        {
          title: t('listProgress.title'),
          width: 230,
          render: (_: unknown, row) => progress(row),
        },
        {
          title: t('fields.created'),
          dataIndex: 'ctime',
          width: 200,
          render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>,
        },
      ]}
    />
  );
}
