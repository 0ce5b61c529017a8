import type { BroadcastSchedule, TaskSchedule, TransferRecordInfo } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { formatUnits } from '../wallets/decimal';
import { loadTransfer } from './transfer-access';
import { familyOf } from './transfer-family';
import { keyWeightsOf, signedWeight } from './transfer-next';
import { presentRecord, recordQuery, viewerOf } from './transfer-lists';
import { TransferStatus } from './transfer-status';
import { walletUserQuery } from './transfer-repository';
import { approvalProgress, needsApproval, storedPolicy } from '../transfer-policy/policy-requirements';

type Step = TaskSchedule['steps'][number];
type State = Step['state'];

/**
 * GET /task/schedule: where a transfer is in the one lifecycle — created → approval → signing →
 * broadcast → on chain → completed — with the count towards each threshold and who acted.
 */
export async function taskSchedule(
  ctx: AppContext,
  actor: CommandContext,
  taskId: number,
): Promise<TaskSchedule> {
  const { task, wallet } = await loadTransfer(ctx, actor, taskId);
  const [creator, approvals, signatures, broadcasts, approvers] = await Promise.all([
    task.created_by
      ? ctx.db.selectFrom('users').select('nickname').where('id', '=', task.created_by).executeTakeFirst()
      : undefined,
    ctx.db
      .selectFrom('task_approvals as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'u.nickname', 'a.result', 'a.created_at'])
      .where('a.task_id', '=', task.id)
      .orderBy('a.created_at')
      .execute(),
    ctx.db
      .selectFrom('task_signatures as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.nickname', 's.created_at', 's.signer'])
      .where('s.task_id', '=', task.id)
      .orderBy('s.created_at')
      .execute(),
    ctx.db
      .selectFrom('task_broadcasts as b')
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .select(['b.created_by', 'u.nickname', 'b.created_at', 'b.status'])
      .where('b.task_id', '=', task.id)
      .orderBy('b.id')
      .execute(),
    walletUserQuery(ctx.db, wallet.id, ['approver']).execute(),
  ]);
  const S = TransferStatus;
  const status = task.status;
  const ended = status === S.Revoked || status === S.UserCancelled || status === S.TimeoutCancelled;
  // The wallet's threshold and any group the task's policy asks for, each counted on its own.
  const policy = storedPolicy(task.policy);
  const approval = approvalProgress({
    policy,
    walletThreshold: task.approval_threshold ?? 0,
    walletApprovers: approvers.map((a) => Number(a.user_id)),
    votes: approvals.map((a) => ({ userId: Number(a.user_id), result: Number(a.result) })),
  });
  const approved = approvals.filter((a) => a.result === 1);
  // Where the lifecycle stopped: each step before it is done, it is current (or failed), the rest wait.
  const order: Step['step'][] = ['created', 'approval', 'signing', 'broadcast', 'on_chain', 'completed'];
  const reached: Record<number, Step['step']> = {
    [S.PendingApproval]: 'approval',
    [S.ApprovalRejected]: 'approval',
    [S.PendingSignature]: 'signing',
    [S.PendingBroadcast]: 'broadcast',
    [S.BroadcastRejected]: 'broadcast',
    [S.OnChain]: 'on_chain',
    [S.Failed]: 'on_chain',
    [S.Completed]: 'completed',
  };
  const at = reached[status] ?? (signatures.length ? 'broadcast' : approved.length ? 'signing' : 'approval');
  const failed = status === S.ApprovalRejected || status === S.BroadcastRejected || status === S.Failed;
  const stateOf = (step: Step['step']): State => {
    if (step === 'approval' && !needsApproval(policy, task.approval_threshold ?? 0)) return 'skipped';
    const here = order.indexOf(step);
    const now = order.indexOf(at);
    if (here < now || status === S.Completed) return 'done';
    if (here > now) return ended || failed ? 'skipped' : 'waiting';
    return failed || ended ? 'failed' : 'current';
  };
  const person = (row: { user_id: number | null; nickname: string | null; created_at: Date }) => ({
    user_id: row.user_id,
    nickname: row.nickname,
    at: row.created_at.toISOString(),
  });
  const step = (name: Step['step'], extra: Partial<Step> = {}): Step => ({
    step: name,
    state: stateOf(name),
    count: null,
    needed: null,
    people: [],
    at: null,
    ...extra,
  });
  return {
    task_id: task.id,
    status,
    steps: [
      step('created', {
        state: 'done',
        people: [
          {
            user_id: task.created_by,
            nickname: creator?.nickname ?? null,
            at: task.created_at.toISOString(),
          },
        ],
        at: task.created_at.toISOString(),
      }),
      step('approval', { count: approval.count, needed: approval.needed, people: approvals.map(person) }),
      step('signing', {
        // Weighted wallets (Tron) count weight towards a weight threshold.
        count: signedWeight(signatures, keyWeightsOf(wallet)),
        needed: task.signing_threshold,
        people: signatures.map(person),
      }),
      step('broadcast', {
        count: broadcasts.length,
        people: broadcasts.map((b) => person({ ...b, user_id: b.created_by })),
      }),
      step('on_chain', { at: null }),
      step('completed', { at: status === S.Completed ? task.updated_at.toISOString() : null }),
    ],
  };
}

/** GET /broadcast-schedule: every broadcast attempt of the transfer, oldest first. */
export async function broadcastSchedule(
  ctx: AppContext,
  actor: CommandContext,
  taskId: number,
): Promise<BroadcastSchedule> {
  const { task } = await loadTransfer(ctx, actor, taskId);
  const rows = await ctx.db
    .selectFrom('task_broadcasts')
    .select(['tx_hash', 'status', 'send_count', 'sent_at', 'created_at', 'created_by'])
    .where('task_id', '=', task.id)
    .orderBy('id')
    .execute();
  return {
    task_id: task.id,
    list: rows.map((row) => ({
      tx_hash: row.tx_hash,
      status: row.status,
      send_count: row.send_count,
      sent_at: row.sent_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
      created_by: row.created_by,
    })),
  };
}

/**
 * GET /transfer/info: one on-chain record the caller may see, with its confirmations read from
 * the chain now (null when the chain cannot be read) and, for a transfer out, the fee paid.
 */
export async function transferRecordInfo(
  ctx: AppContext,
  actor: CommandContext,
  recordId: number,
): Promise<TransferRecordInfo> {
  const viewer = await viewerOf(ctx, actor.organization.id, actor.user.id, actor.member.role);
  const row = await recordQuery(ctx, viewer, {}).where('r.id', '=', recordId).executeTakeFirst();
  if (!row) throw new AppError('TASK_NOT_FOUND_ERROR');
  const family = familyOf(ctx, row.chain_key);
  const { nativeDecimals, nativeSymbol } = family.chain.info;
  const tip = await family.deposits?.tip().catch(() => null);
  const block = BigInt(row.block_number);
  const fee =
    row.direction === 2 && row.task_id !== null
      ? await ctx.db.selectFrom('tasks').select('fee_sat').where('id', '=', row.task_id).executeTakeFirst()
      : undefined;
  return {
    ...presentRecord(row),
    confirmations: tip != null && tip >= block ? Number(tip - block + 1n) : null,
    fee: fee?.fee_sat ? formatUnits(BigInt(fee.fee_sat), nativeDecimals) : null,
    fee_symbol: nativeSymbol,
  };
}
