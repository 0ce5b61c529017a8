import { sql, type Kysely } from 'kysely';
import type { Reservations, ReservedInput } from '@keystead/chains';
import type { Database, Task } from '../../db/schema';
import { LockNamespace } from '../../jobs/lock-ids';
import { heldByBatches } from './batch-repository';
import { ACTIVE_STATUSES, TRANSFER_TYPES, TransferStatus } from './transfer-status';
import { jsonColumn } from '../../lib/json-column';

/** The transfers module's SQL: tasks, their inputs, signatures, payload versions and people. */

export type TaskInputRow = { outpoint: string; value: string; branch: number; address_index: number };

/** Re-reads the task under a row lock: concurrent steps on one task are serialised here. */
export function lockTask(trx: Kysely<Database>, taskId: number): Promise<Task> {
  return trx.selectFrom('tasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirstOrThrow();
}

/** One writer per wallet: what other transfers hold is read and taken together. */
export async function lockWalletWriter(trx: Kysely<Database>, walletId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.WalletWriter}, ${walletId}::int)`.execute(trx);
}

/**
 * What the wallet's active transfers hold: of each asset `tokenKeys` names (the first is the
 * intent's), the sequences and the inputs. Single transfers hold their amount, batches their rows.
 */
export async function reservations(
  trx: Kysely<Database>,
  walletId: number,
  tokenKeys: string[],
  family: { spendsCoins: boolean },
): Promise<Reservations> {
  const [held, inputs, wallet] = await Promise.all([
    // What single transfers and batches hold, per token, in one statement.
    trx
      .selectFrom('tasks')
      .select([
        sql<string>`'single'`.as('kind'),
        'token_key',
        sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
        sql<string | null>`max(sequence)::text`.as('max_sequence'),
      ])
      .where('wallet_id', '=', walletId)
      .where('type', 'in', TRANSFER_TYPES)
      .where('status', 'in', ACTIVE_STATUSES)
      .groupBy('token_key')
      .unionAll(heldByBatches(trx, walletId))
      .execute(),
    // Coins and change addresses exist only where the family spends coins.
    family.spendsCoins ? lockedInputs(trx, walletId) : new Map<string, number>(),
    family.spendsCoins
      ? trx
          .selectFrom('wallets')
          .select('next_change_index')
          .where('id', '=', walletId)
          .executeTakeFirstOrThrow()
      : { next_change_index: 0 },
  ]);
  const singles = held.filter((row) => row.kind === 'single');
  const lockedByToken = new Map<string, bigint>();
  for (const key of tokenKeys) {
    const total = held
      .filter((row) => row.token_key === key)
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    lockedByToken.set(key, total);
  }
  const sequences = singles.flatMap((row) => (row.max_sequence === null ? [] : [BigInt(row.max_sequence)]));
  return {
    lockedAmount: lockedByToken.get(tokenKeys[0]!) ?? 0n,
    lockedByToken,
    highestSequence: sequences.length ? sequences.reduce((a, b) => (a > b ? a : b)) : null,
    lockedInputs: new Set(inputs.keys()),
    nextChangeIndex: wallet.next_change_index,
  };
}

/** Inputs spent by the wallet's active transfers → the task that holds each. */
export async function lockedInputs(db: Kysely<Database>, walletId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('task_utxos as u')
    .innerJoin('tasks as t', 't.id', 'u.task_id')
    .select(['u.outpoint', 'u.task_id'])
    .where('u.wallet_id', '=', walletId)
    .where('t.type', 'in', TRANSFER_TYPES)
    .where('t.status', 'in', ACTIVE_STATUSES)
    .orderBy('u.task_id')
    .execute();
  const map = new Map<string, number>();
  for (const row of rows) if (!map.has(row.outpoint)) map.set(row.outpoint, row.task_id);
  return map;
}

export function taskInputs(db: Kysely<Database>, taskId: number): Promise<TaskInputRow[]> {
  return db
    .selectFrom('task_utxos')
    .select(['outpoint', 'value', 'branch', 'address_index'])
    .where('task_id', '=', taskId)
    .orderBy('outpoint')
    .execute();
}

export async function holdInputs(trx: Kysely<Database>, task: Task, inputs: ReservedInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await trx
    .insertInto('task_utxos')
    .values(
      inputs.map((u) => ({
        task_id: task.id,
        wallet_id: task.wallet_id!,
        outpoint: u.outpoint,
        value: u.value.toString(),
        branch: u.branch,
        address_index: u.index,
      })),
    )
    .execute();
}

/** Keeps every version of the payload handed to signers (the unsigned original is version 1). */
export async function keepPayloadVersion(
  trx: Kysely<Database>,
  taskId: number,
  payload: string,
  userId: number | null,
) {
  // The next version number is taken in the insert itself (one statement).
  await trx
    .insertInto('task_payload_versions')
    .columns(['task_id', 'version', 'payload', 'created_by'])
    .expression(
      trx
        .selectFrom('task_payload_versions')
        .select([
          sql<number>`${taskId}::bigint`.as('task_id'),
          sql<number>`coalesce(max(version), 0) + 1`.as('version'),
          sql<string>`${payload}::text`.as('payload'),
          sql<number | null>`${userId}::bigint`.as('created_by'),
        ])
        .where('task_id', '=', taskId),
    )
    .execute();
}

export function taskSignatures(db: Kysely<Database>, taskId: number) {
  return db
    .selectFrom('task_signatures')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .execute();
}

type WalletRole = 'approver' | 'broadcaster' | 'operator' | 'signer';

/**
 * Users holding one of these roles on the wallet ('signer' = its signer keys' owners), as a query
 * of `user_id`s to read inside another statement.
 */
export function walletUserQuery(db: Kysely<Database>, walletId: number, roles: WalletRole[]) {
  const memberRoles = roles.filter((role) => role !== 'signer');
  const members = db
    .selectFrom('wallet_members')
    .select('user_id')
    .where('wallet_id', '=', walletId)
    .where('role', 'in', memberRoles);
  if (!roles.includes('signer')) return members;
  const signers = db
    .selectFrom('wallet_signers')
    .select('user_id')
    .where('wallet_id', '=', walletId)
    .where('user_id', 'is not', null)
    .$narrowType<{ user_id: number }>();
  return memberRoles.length ? members.union(signers) : signers;
}

/** Signer keys compare without case for 0x addresses, exactly otherwise (xpubs are case-sensitive). */
export const sameSignerKey = (a: string, b: string) =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * An approval's vote and what judging it needs, in one statement run under the task's lock: the
 * vote is inserted (at most once per person: the primary key), and the votes before it and the
 * wallet's approvers are read. The reads do not see this statement's own insert, so `votes`
 * holds this person's earlier vote when there is one (and then nothing was inserted).
 */
export async function castVote(
  trx: Kysely<Database>,
  vote: { taskId: number; userId: number; result: number; comment: string | null },
  walletId: number,
) {
  const { rows } = await sql<{
    votes: Array<{ user_id: number; result: number }> | string | null;
    approvers: number[];
  }>`
    with cast_vote as (
      insert into task_approvals (task_id, user_id, result, comment)
      values (${vote.taskId}, ${vote.userId}, ${vote.result}, ${vote.comment})
      on conflict (task_id, user_id) do nothing
    )
    select (select json_agg(json_build_object('user_id', user_id, 'result', result))
              from task_approvals where task_id = ${vote.taskId}) as votes,
           array(${walletUserQuery(trx, walletId, ['approver'])}) as approvers`.execute(trx);
  const row = rows[0]!;
  const votes: Array<{ user_id: number; result: number }> = jsonColumn(row.votes) ?? [];
  return { votes, approvers: [...new Set(row.approvers.map(Number))] };
}

/**
 * What a signature step reads with its task (transfer-access.ts loadTransferToSign): the keys
 * that already signed the task, and who holds each of the wallet's signer keys.
 */
export const signingFactColumns = [
  sql<string[]>`array(select signer from task_signatures where task_id = tasks.id)`.as('signed'),
  sql<string[]>`array(select address from wallet_signers where wallet_id = w.id order by address)`.as(
    'signer_keys',
  ),
  sql<number[]>`array(select user_id from wallet_signers where wallet_id = w.id order by address)`.as(
    'signer_holders',
  ),
] as const;

/** The facts out of a row read with signingFactColumns. */
export function signingFactsOf(row: { signed: string[]; signer_keys: string[]; signer_holders: number[] }) {
  const keys = row.signer_keys.map((address, i) => ({ address, user_id: Number(row.signer_holders[i]) }));
  return { signed: row.signed, ownerOf: keyHolder(keys) };
}

/** Who holds a signer key (null when nobody does), among the wallet's keys. */
const keyHolder =
  (keys: { address: string; user_id: number }[]) =>
  (key: string): number | null =>
    keys.find((k) => sameSignerKey(key, k.address))?.user_id ?? null;

/** The wallet's signer keys, read once: who holds a key (null when nobody does). */
export async function signerKeyOwners(
  db: Kysely<Database>,
  walletId: number,
): Promise<(key: string) => number | null> {
  const rows = await db
    .selectFrom('wallet_signers')
    .select(['address', 'user_id'])
    .where('wallet_id', '=', walletId)
    .execute();
  return keyHolder(rows);
}

/**
 * The original a replacement (speed-up) stood in for ends as cancelled (10) "replaced by …" —
 * when the node took the replacement, or when it confirmed. True when this call moved it.
 */
export async function endReplacedOriginal(
  trx: Kysely<Database>,
  originalId: number,
  replacementNumber: string,
): Promise<boolean> {
  const moved = await trx
    .updateTable('tasks')
    .set({
      status: TransferStatus.UserCancelled,
      failure_reason: `replaced by ${replacementNumber}`,
      updated_at: new Date(),
    })
    .where('id', '=', originalId)
    .where('status', '=', TransferStatus.OnChain)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
