import type { NextAction, TaskAbilities, TaskProgressCounts } from '@keystead/contract';
import type { Db } from '../../db/database';
import type { Task, Wallet } from '../../db/schema';
import { policyApprovers } from '../transfer-policy/policy-requirements';
import { mayActAtStage, type TransferStage, type WalletRelation } from '../policy/policy';
import { sameSignerKey } from './transfer-repository';
import { TransferStatus, TRANSFER_TYPES } from './transfer-status';
import { jsonColumn } from '../../lib/json-column';

/** The stage where someone acts now; null when nobody does (final states, wallet creations). */
export function stageOf(task: Pick<Task, 'type' | 'status'>): TransferStage | null {
  if (!TRANSFER_TYPES.includes(task.type)) return null;
  if (task.status === TransferStatus.PendingApproval) return 'approve';
  if (task.status === TransferStatus.PendingSignature) return 'sign';
  if (task.status === TransferStatus.PendingBroadcast) return 'broadcast';
  return null;
}

interface WalletPeople {
  roles: Array<{ user_id: number; role: string }>;
  keys: Array<{ user_id: number; address: string }>;
}

function relationOf(people: WalletPeople, userId: number): WalletRelation {
  return {
    roles: new Set(people.roles.filter((r) => r.user_id === userId).map((r) => r.role)),
    isSigner: people.keys.some((k) => k.user_id === userId),
  };
}

interface Acted {
  approvals: Array<{ user_id: number; result: number }>;
  signatures: Array<{ signer: string; user_id: number | null }>;
}

/** Has this person done their part of the stage: decided the approval, or signed with every key they hold. */
function hasActed(stage: TransferStage, userId: number, people: WalletPeople, acted: Acted): boolean {
  if (stage === 'approve') return acted.approvals.some((a) => a.user_id === userId);
  if (stage === 'sign')
    return people.keys
      .filter((k) => k.user_id === userId)
      .every((k) => acted.signatures.some((s) => sameSignerKey(s.signer, k.address)));
  return false;
}

/** Weighted wallets (Tron): each key's weight as chosen at setup; null where every key counts 1. */
export function keyWeightsOf(wallet: Pick<Wallet, 'utxo_keys'> | undefined): Map<string, number> | null {
  const raw = wallet?.utxo_keys;
  const keys = jsonColumn(raw) as {
    signers?: { address: string; weight: number }[];
  } | null;
  return keys?.signers ? new Map(keys.signers.map((k) => [k.address, k.weight])) : null;
}

/** Signatures count once each, or their key's weight where the threshold is a weight. */
export function signedWeight(
  signatures: Array<{ signer: string }>,
  weights: Map<string, number> | null,
): number {
  return weights ? signatures.reduce((sum, s) => sum + (weights.get(s.signer) ?? 0), 0) : signatures.length;
}

function progressOf(task: Task, acted: Acted, weights: Map<string, number> | null): TaskProgressCounts {
  return {
    approved: acted.approvals.filter((a) => a.result === 1).length,
    rejected: acted.approvals.filter((a) => a.result === 2).length,
    approval_threshold: task.approval_threshold,
    signed: signedWeight(acted.signatures, weights),
    signing_threshold: task.signing_threshold,
  };
}

async function walletPeople(db: Db, walletIds: number[], userId?: number) {
  if (walletIds.length === 0) return new Map<number, WalletPeople>();
  let roles = db.selectFrom('wallet_members').select(['wallet_id', 'user_id', 'role']);
  let keys = db.selectFrom('wallet_signers').select(['wallet_id', 'user_id', 'address']);
  roles = roles.where('wallet_id', 'in', walletIds);
  keys = keys.where('wallet_id', 'in', walletIds);
  if (userId !== undefined) {
    roles = roles.where('user_id', '=', userId);
    keys = keys.where('user_id', '=', userId);
  }
  const [roleRows, keyRows] = await Promise.all([roles.execute(), keys.execute()]);
  return new Map(
    walletIds.map((id) => [
      id,
      {
        roles: roleRows.filter((r) => r.wallet_id === id),
        keys: keyRows.filter((k) => k.wallet_id === id),
      },
    ]),
  );
}

async function actedOn(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, Acted>();
  const [approvals, signatures] = await Promise.all([
    db
      .selectFrom('task_approvals')
      .select(['task_id', 'user_id', 'result'])
      .where('task_id', 'in', taskIds)
      .execute(),
    db
      .selectFrom('task_signatures')
      .select(['task_id', 'signer', 'user_id'])
      .where('task_id', 'in', taskIds)
      .execute(),
  ]);
  return new Map(
    taskIds.map((id) => [
      id,
      {
        approvals: approvals.filter((a) => a.task_id === id),
        signatures: signatures.filter((s) => s.task_id === id),
      },
    ]),
  );
}

/**
 * GET /task/info's "who acts next": the creator, the progress, the joined members the policy lets
 * act at the current stage who have not acted yet (the caller marked), and what the caller may do.
 */
export async function whoActsNext(
  db: Db,
  task: Task,
  wallet: Wallet,
  viewer: { userId: number; role: number },
): Promise<{
  creator: { user_id: number; nickname: string } | null;
  progress: TaskProgressCounts;
  next_action: NextAction;
  you: TaskAbilities;
}> {
  const [members, peopleByWallet, actedByTask] = await Promise.all([
    db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.nickname'])
      .where('m.organization_id', '=', wallet.organization_id)
      .where('m.status', '=', 'joined')
      .$narrowType<{ user_id: number }>()
      .orderBy('m.user_id')
      .execute(),
    walletPeople(db, [wallet.id]),
    actedOn(db, [task.id]),
  ]);
  const people = peopleByWallet.get(wallet.id)!;
  const acted = actedByTask.get(task.id)!;
  const stage = stageOf(task);
  const object = {
    createdBy: task.created_by,
    broadcastScope: wallet.broadcast_scope,
    ...policyApprovers(task),
  };
  const may = (role: number, userId: number, at: TransferStage) =>
    mayActAtStage(role, relationOf(people, userId), at, { ...object, userId });
  const waiting = stage
    ? members.filter((m) => may(m.role, m.user_id, stage) && !hasActed(stage, m.user_id, people, acted))
    : [];
  const creatorRow = members.find((m) => m.user_id === task.created_by);
  const creator =
    task.created_by === null
      ? null
      : creatorRow
        ? { user_id: creatorRow.user_id, nickname: creatorRow.nickname }
        : await db
            .selectFrom('users')
            .select(['id as user_id', 'nickname'])
            .where('id', '=', task.created_by)
            .executeTakeFirst()
            .then((row) => row ?? null);
  return {
    creator,
    progress: progressOf(task, acted, keyWeightsOf(wallet)),
    next_action: {
      stage,
      waiting_for: waiting.map((m) => ({
        user_id: m.user_id,
        nickname: m.nickname,
        you: m.user_id === viewer.userId,
      })),
    },
    you: {
      approve: may(viewer.role, viewer.userId, 'approve'),
      sign: may(viewer.role, viewer.userId, 'sign'),
      broadcast: may(viewer.role, viewer.userId, 'broadcast'),
      needs_you: waiting.some((m) => m.user_id === viewer.userId),
    },
  };
}

/** GET /transfer/list's extras for one page: each task's progress and whether the caller must act on it now. */
export async function listExtras(
  db: Db,
  tasks: Task[],
  viewer: { userId: number; role: number },
): Promise<Map<number, { progress: TaskProgressCounts; needs_you: boolean }>> {
  const walletIds = [...new Set(tasks.flatMap((t) => (t.wallet_id === null ? [] : [t.wallet_id])))];
  const [wallets, peopleByWallet, actedByTask] = await Promise.all([
    walletIds.length
      ? db
          .selectFrom('wallets')
          .select(['id', 'broadcast_scope', 'utxo_keys'])
          .where('id', 'in', walletIds)
          .execute()
      : [],
    // Only the caller's roles and keys: "needs you" is about them alone.
    walletPeople(db, walletIds, viewer.userId),
    actedOn(
      db,
      tasks.map((t) => t.id),
    ),
  ]);
  return new Map(
    tasks.map((task) => {
      const acted = actedByTask.get(task.id)!;
      const stage = stageOf(task);
      const people = task.wallet_id === null ? undefined : peopleByWallet.get(task.wallet_id);
      const needs =
        stage !== null &&
        people !== undefined &&
        mayActAtStage(viewer.role, relationOf(people, viewer.userId), stage, {
          userId: viewer.userId,
          createdBy: task.created_by,
          broadcastScope: wallets.find((w) => w.id === task.wallet_id)?.broadcast_scope,
          ...policyApprovers(task),
        }) &&
        !hasActed(stage, viewer.userId, people, acted);
      const weights = keyWeightsOf(wallets.find((w) => w.id === task.wallet_id));
      return [task.id, { progress: progressOf(task, acted, weights), needs_you: needs }];
    }),
  );
}
