import { useCallback, useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { ConnectSigner, type SignerConnection } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { showWalletError, type Hex } from '@/lib/wallet-connectors';
import { createBroadcast, sendBroadcast, useTaskAction } from '../../api/task-actions';
import type { EvmTaskInfo, FeeTier, TaskBroadcast, TaskInfo } from '../../api/types';
import { type WalletDetail } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatTime } from '../transfer-bits';

const BROADCAST_COLOR: Record<number, string> = { 1: 'success', 2: 'processing', 3: 'default', 4: 'error' };

/**
 * Whether this user may broadcast, as the server's policy decides it (modules/policy): the wallet's
 * broadcasters always; by scope 2 the initiator (creator or operator), 3 also approvers and
 * admins, 4 the signers. The server decides finally.
 */
export function mayBroadcast(
  task: Pick<TaskInfo, 'created_by'>,
  wallet: WalletDetail | undefined,
  userId: number | undefined,
  privileged: boolean,
): boolean {
  if (!wallet) return false;
  if (wallet.my_roles.includes('broadcaster')) return true;
  const initiator = task.created_by === userId || wallet.my_roles.includes('operator');
  if (wallet.broadcast_scope === 3) return initiator || wallet.my_roles.includes('approver') || privileged;
  if (wallet.broadcast_scope === 4) return wallet.is_signer;
  return initiator;
}

/**
 * Broadcast card: the broadcaster connects an account, the server builds the execTransaction
 * (POST /broadcast-create), the account signs it and the server relays it (POST /broadcast).
 * Browser wallets send it themselves and report the hash. At status 6 the same makes a speed-up.
 */
export function BroadcastCard(props: { task: EvmTaskInfo; allowed: boolean }) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [tier, setTier] = useState<FeeTier>(
    task.status === 6 ? 'fast' : ((task.fee_tier as FeeTier | null) ?? 'standard'),
  );
  const [busy, setBusy] = useState(false);
  const report = useTaskAction(sendBroadcast);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const speedUp = task.status === 6;
  const open = (task.status === 5 || speedUp) && props.allowed;
  const broadcasts = task.broadcasts ?? [];

  const submit = async () => {
    if (!connection) return;
    setBusy(true);
    try {
      const chainId = Number(task.chain_id);
      const draft = await createBroadcast({
        task_id: task.task_id,
        from: connection.account,
        ...(tier !== 'custom' ? { fee_tier: tier } : {}),
      });
      const tx = {
        from: draft.from,
        to: draft.to,
        data: draft.data,
        value: draft.value,
        gas: draft.gas,
        maxFeePerGas: draft.max_fee_per_gas,
        maxPriorityFeePerGas: draft.max_priority_fee_per_gas,
      };
      if (connection.connector.signsOffline) {
        const raw: Hex = await connection.connector.signTransaction(chainId, {
          ...tx,
          nonce: Number(draft.nonce),
        });
        await report.mutateAsync({ task_id: task.task_id, raw_tx: raw });
      } else {
        const hash = await connection.connector.sendTransaction(chainId, tx);
        await report.mutateAsync({ task_id: task.task_id, tx_hash: hash });
      }
      toastSuccess(speedUp ? t('broadcast.spedUp') : t('broadcast.done'));
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!open && !broadcasts.length && !task.hash) return null;
  return (
    <Card size="small" title={t('broadcast.title')} data-testid="broadcast-card">
      {open ? (
        <div data-testid="broadcast-form" style={{ marginBottom: broadcasts.length ? 16 : 0 }}>
          <Typography.Paragraph type="secondary">
            {speedUp ? t('broadcast.speedUpHint') : t('broadcast.hint')}
          </Typography.Paragraph>
          <ConnectSigner
            chainId={Number(task.chain_id)}
            chainKey={task.chain_id ?? undefined}
            onChange={onChange}
          />
          <Space style={{ marginTop: 12 }} wrap>
            <Select<FeeTier>
              value={tier}
              onChange={setTier}
              style={{ width: 210 }}
              options={(['slow', 'standard', 'fast'] as const).map((value) => ({
                value,
                label: t(`fee.${value}`),
              }))}
              data-testid="broadcast-fee"
            />
            <Button
              type="primary"
              disabled={!connection}
              loading={busy}
              onClick={() => void submit()}
              data-testid={speedUp ? 'speed-up' : 'broadcast-submit'}
            >
              {speedUp ? t('broadcast.speedUp') : t('broadcast.broadcast')}
            </Button>
          </Space>
        </div>
      ) : null}
      {broadcasts.length ? (
        <Table<TaskBroadcast>
          size="small"
          rowKey="tx_hash"
          pagination={false}
          dataSource={broadcasts}
          // Fits its card (about 540 px at 1280): a 640 px scroll area hid the right-hand columns.
          tableLayout="fixed"
          data-testid="broadcast-list"
          columns={[
            {
              title: t('broadcast.hash'),
              dataIndex: 'tx_hash',
              // Shortened in the cell; the full hash is in the tooltip and copied by the icon.
              render: (value: string) => (
                <Typography.Text
                  style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
                  copyable={{ text: value }}
                  title={value}
                >
                  {`${value.slice(0, 10)}…${value.slice(-8)}`}
                </Typography.Text>
              ),
            },
            { title: t('fields.nonce'), dataIndex: 'nonce', width: 64 },
            {
              title: t('broadcast.fee'),
              dataIndex: 'max_fee_gwei',
              width: 96,
              render: (value: string | null) => (value ? t('fee.gwei', { value }) : '—'),
            },
            {
              title: t('fields.status'),
              dataIndex: 'status',
              width: 104,
              render: (value: number) => (
                <Tag color={BROADCAST_COLOR[value]} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                  {t(`broadcast.status.${value}`, { defaultValue: String(value) })}
                </Tag>
              ),
            },
            {
              title: t('fields.created'),
              dataIndex: 'created_at',
              width: 104,
              render: (value: string) => <span style={{ fontSize: 12 }}>{formatTime(value)}</span>,
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
