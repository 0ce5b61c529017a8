import { useCallback, useState } from 'react';
import { Button, Card, Select, Space, Typography } from 'antd';
import { ConnectSigner, type SignerConnection } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { showWalletError, type Hex } from '@/lib/wallet-connectors';
import { createBroadcast, sendBroadcast, useTaskAction } from '../../api/task-actions';
import type { EvmTaskInfo, FeeTier, TaskInfo } from '../../api/types';
import { type WalletDetail } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { BroadcastAttempts } from './broadcast-attempts';
import { BroadcastPeople } from './broadcast-people';
import { broadcastRefusal, BroadcastRefusalAlert, type BroadcastRefusal } from './broadcast-refusal';
import { CODE_PATTERN, PreSignCode } from './pre-sign-code';
import { SponsoredBroadcast, SponsorLine } from './sponsored-broadcast';
import { TraceHashForm } from './trace-hash-form';

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
 * A sponsored wallet's transfer (`sponsor` set) is sent by its payment address instead, which
 * pays the gas: no account to connect (sponsored-broadcast.tsx).
 */
export function BroadcastCard(props: { task: EvmTaskInfo; allowed: boolean; userId: number | undefined }) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const [connection, setConnection] = useState<SignerConnection | null>(null);
  const [tier, setTier] = useState<FeeTier>(
    task.status === 6 ? 'fast' : ((task.fee_tier as FeeTier | null) ?? 'standard'),
  );
  const [busy, setBusy] = useState(false);
  // A pre-signed transfer (type 5) broadcasts with the broadcaster's e-mailed code.
  const [code, setCode] = useState('');
  const [codeTried, setCodeTried] = useState(false);
  const [refusal, setRefusal] = useState<BroadcastRefusal | null>(null);
  const report = useTaskAction(sendBroadcast);
  const onChange = useCallback((value: SignerConnection | null) => setConnection(value), []);
  const speedUp = task.status === 6;
  const open = (task.status === 5 || speedUp) && props.allowed;
  const broadcasts = task.broadcasts ?? [];
  const needsCode = task.type === 5 && task.status === 5;

  const submit = async () => {
    if (!connection) return;
    setCodeTried(true);
    if (needsCode && !CODE_PATTERN.test(code)) return;
    const emailCode = needsCode ? { email_code: code } : {};
    setRefusal(null);
    setBusy(true);
    try {
      const chainId = Number(task.chain_id);
      const draft = await createBroadcast({
        task_id: task.task_id,
        from: connection.account,
        ...(tier !== 'custom' ? { fee_tier: tier } : {}),
        ...emailCode,
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
        await report.mutateAsync({ task_id: task.task_id, raw_tx: raw, ...emailCode });
      } else {
        const hash = await connection.connector.sendTransaction(chainId, tx);
        await report.mutateAsync({ task_id: task.task_id, tx_hash: hash, ...emailCode });
      }
      toastSuccess(speedUp ? t('broadcast.spedUp') : t('broadcast.done'));
    } catch (error) {
      const known = broadcastRefusal(error);
      if (known) setRefusal(known);
      else void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!open && !broadcasts.length && !task.hash && task.status !== 5) return null;
  return (
    <Card size="small" title={t('broadcast.title')} data-testid="broadcast-card">
      {task.status === 5 ? (
        <BroadcastPeople walletId={task.wallet_id ?? 0} userId={props.userId} allowed={props.allowed} />
      ) : null}
      {open && task.sponsor ? (
        <div style={{ marginBottom: broadcasts.length ? 16 : 0 }}>
          <SponsoredBroadcast task={task} sponsor={task.sponsor} />
        </div>
      ) : task.sponsor ? (
        <SponsorLine sponsor={task.sponsor} />
      ) : open ? (
        <div data-testid="broadcast-form" style={{ marginBottom: broadcasts.length ? 16 : 0 }}>
          <Typography.Paragraph type="secondary">
            {speedUp ? t('broadcast.speedUpHint') : t('broadcast.hint')}
          </Typography.Paragraph>
          <ConnectSigner
            sends
            chainId={Number(task.chain_id)}
            chainKey={task.chain_id ?? undefined}
            onChange={onChange}
          />
          {needsCode ? (
            <PreSignCode value={code} error={codeTried && !CODE_PATTERN.test(code)} onChange={setCode} />
          ) : null}
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
          {refusal ? <BroadcastRefusalAlert refusal={refusal} task={task} /> : null}
          {speedUp ? null : <TraceHashForm taskId={task.task_id} />}
        </div>
      ) : null}
      <BroadcastAttempts task={task} />
    </Card>
  );
}
