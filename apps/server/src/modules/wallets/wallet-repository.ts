import { CHAIN_RESERVE, NATIVE } from '@keystead/chains';
import { sql, type Insertable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, Wallet, WalletMemberRole } from '../../db/schema';
import type { Db } from '../../db/database';
import { joinedMemberKeys } from '../signers/signer-repository';
import { LockNamespace } from '../../jobs/lock-ids';
import { TaskStatus, TaskType, WalletStatus } from './wallet-status';

/** The wallets module's SQL: wallet rows, their creation task, members and the balance cache. */

/** One wallet creation at a time per space (the plan's wallet limits are read under it). */
export async function lockSpaceWallets(trx: Db, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceWallets}, ${organizationId}::int)`.execute(trx);
}

export function insertWalletRow(trx: Db, values: Insertable<Database['wallets']>): Promise<Wallet> {
  return trx.insertInto('wallets').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A live (not archived) wallet at this address on this chain; `caseInsensitive` for EVM spellings. */
export function findLiveWalletAt(trx: Db, chainKey: string, address: string, caseInsensitive: boolean) {
  return trx
    .selectFrom('wallets')
    .select(['organization_id'])
    .where('chain_key', '=', chainKey)
    .$if(caseInsensitive, (q) => q.where(sql<boolean>`lower(address) = ${address.toLowerCase()}`))
    .$if(!caseInsensitive, (q) => q.where('address', '=', address))
    .where('status', '<>', WalletStatus.Archived)
    .executeTakeFirst();
}

export async function insertWalletCreationTask(
  trx: Db,
  values: { organizationId: number; walletId: number; status: number; createdBy: number; data: unknown },
): Promise<void> {
  await trx
    .insertInto('tasks')
    .values({
      organization_id: values.organizationId,
      wallet_id: values.walletId,
      type: TaskType.WalletCreation,
      status: values.status,
      created_by: values.createdBy,
      data: JSON.stringify(values.data),
    })
    .execute();
}

export async function walletCreationData(db: Db, walletId: number): Promise<unknown> {
  const task = await db
    .selectFrom('tasks')
    .select('data')
    .where('wallet_id', '=', walletId)
    .where('type', '=', TaskType.WalletCreation)
    .executeTakeFirstOrThrow();
  return task.data;
}

/** Moves an initializing wallet to deploy-pending; false when another report came first. */
export async function markDeploySent(
  trx: Db,
  walletId: number,
  txHash: string,
  move: { from: number; to: number } = { from: WalletStatus.Initializing, to: WalletStatus.DeployPending },
): Promise<boolean> {
  const result = await trx
    .updateTable('wallets')
    .set({ status: move.to, deploy_tx_hash: txHash, updated_at: new Date() })
    .where('id', '=', walletId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the first deployment report of a wallet the watcher already found set up on chain. */
export async function markLateDeployReport(trx: Db, walletId: number, txHash: string): Promise<boolean> {
  const result = await trx
    .updateTable('wallets')
    .set({ deploy_tx_hash: txHash, updated_at: new Date() })
    .where('id', '=', walletId)
    .where('status', '=', WalletStatus.Normal)
    .where('deploy_tx_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setWalletStatus(trx: Db, walletId: number, status: number): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ status, updated_at: new Date() })
    .where('id', '=', walletId)
    .execute();
}

export async function addWalletOperator(trx: Db, walletId: number, userId: number): Promise<void> {
  await trx
    .insertInto('wallet_members')
    .values({ wallet_id: walletId, user_id: userId, role: 'operator' })
    .execute();
}

export function signerRowsById(trx: Db, ids: number[]) {
  return trx.selectFrom('signer_addresses').selectAll().where('id', 'in', ids).execute();
}

/** Verified signer keys of the space's joined members usable on this chain (or on any chain of their family). */
export function memberSignerKeys(trx: Db, organizationId: number, chainKey: string) {
  return joinedMemberKeys(trx, organizationId)
    .select([
      's.id',
      's.user_id',
      's.family',
      's.chain_key',
      's.address',
      's.fingerprint',
      's.derivation_path',
    ])
    .where((eb) => eb.or([eb('s.chain_key', '=', chainKey), eb('s.chain_key', 'is', null)]))
    .orderBy('s.id')
    .execute();
}

/** Takes the next receive index; returns the index taken. */
export async function takeReceiveIndex(db: Db, walletId: number): Promise<number> {
  const taken = await db
    .updateTable('wallets')
    .set((eb) => ({ next_receive_index: eb('next_receive_index', '+', 1) }))
    .where('id', '=', walletId)
    .returning('next_receive_index')
    .executeTakeFirstOrThrow();
  return taken.next_receive_index - 1;
}

/** The balance cache the wallet's asset list reads. */
export async function cacheBalance(
  db: Db,
  walletId: number,
  tokenKey: string,
  amount: bigint,
): Promise<void> {
  await db
    .insertInto('wallet_balances')
    .values({ wallet_id: walletId, token_key: tokenKey, amount: amount.toString(), updated_at: new Date() })
    .onConflict((oc) =>
      oc
        .columns(['wallet_id', 'token_key'])
        .doUpdateSet({ amount: amount.toString(), updated_at: new Date() }),
    )
    .execute();
}

export interface WalletListFilter {
  organizationId: number;
  archived: boolean;
  /** Only wallets where this user holds a role or signs; null for every wallet of the space. */
  visibleTo: number | null;
  signType?: number | undefined;
  chainKey?: string | undefined;
  keyword?: string | undefined;
}

/** The space's wallets the filter selects, as the list's page and totals both read them. */
function walletSelection(db: Db, filter: WalletListFilter) {
  let query = db
    .selectFrom('wallets as w')
    .where('w.organization_id', '=', filter.organizationId)
    .where('w.status', filter.archived ? '=' : '<>', WalletStatus.Archived);
  const userId = filter.visibleTo;
  if (userId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('wallet_members as r')
            .select('r.wallet_id')
            .whereRef('r.wallet_id', '=', 'w.id')
            .where('r.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('wallet_signers as s')
            .select('s.wallet_id')
            .whereRef('s.wallet_id', '=', 'w.id')
            .where('s.user_id', '=', userId),
        ),
      ]),
    );
  }
  if (filter.signType) query = query.where('w.sign_type', '=', filter.signType);
  if (filter.chainKey) query = query.where('w.chain_key', '=', filter.chainKey);
  const keyword = filter.keyword;
  if (keyword)
    query = query.where((eb) =>
      eb.or([eb('w.name', 'ilike', `%${keyword}%`), eb('w.address', 'ilike', `%${keyword}%`)]),
    );
  return query;
}

/** What a list item shows (presentWallet) and its value: the page reads no other column. */
const LISTED_COLUMNS = [
  'w.id',
  'w.organization_id',
  'w.chain_key',
  'w.name',
  'w.remark',
  'w.address',
  'w.sign_type',
  'w.status',
  'w.threshold',
  'w.approval_threshold',
  'w.broadcast_scope',
  'w.whitelist_on',
  'w.asset_tag_on',
  'w.dapp_on',
  'w.deploy_tx_hash',
  'w.descriptor_receive',
  'w.descriptor_change',
  'w.utxo_keys',
  'w.family_address_type',
  'w.timelock_recovery',
  'w.created_at',
  'w.value_usd',
] as const;

type ListedColumn = (typeof LISTED_COLUMNS)[number] extends `w.${infer C}` ? C : never;

/** A wallet of the list's page, with who holds a role on it and who signs for it. */
export type ListedWallet = Pick<Wallet, ListedColumn> & {
  roles: { role: WalletMemberRole; user_id: number }[];
  signers: { user_id: number }[];
};

/**
 * One page of the space's wallets with each one's roles and signers, and the whole selection's
 * count and USD total, in one statement: a list request is then its session read and this.
 */
export async function listWallets(db: Db, filter: WalletListFilter, page: number, pageSize: number) {
  const selection = walletSelection(db, filter);
  const rows = await db
    .with('totals', () =>
      selection.select([
        sql<number>`count(*)`.as('n'),
        sql<string>`coalesce(sum(w.value_usd), 0)::text`.as('value'),
      ]),
    )
    .with('page', () =>
      selection
        .select(LISTED_COLUMNS)
        .orderBy('w.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    )
    // The totals' one row, joined to the page's rows (none past the last page).
    .selectFrom('totals')
    .leftJoin('page', (join) => join.onTrue())
    .selectAll('page')
    .select(['totals.n', 'totals.value'])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('wallet_members as r')
          .select(['r.role', 'r.user_id'])
          .whereRef('r.wallet_id', '=', 'page.id'),
      ).as('roles'),
      jsonArrayFrom(
        eb.selectFrom('wallet_signers as s').select('s.user_id').whereRef('s.wallet_id', '=', 'page.id'),
      ).as('signers'),
    ])
    .orderBy('page.id')
    .execute();
  const totals = rows[0] ?? { n: 0, value: '0' };
  const wallets = rows.flatMap(({ n: _n, value: _v, ...row }) =>
    row.id === null ? [] : [row as ListedWallet],
  );
  return { wallets, total: { n: totals.n }, spaceTotal: { value: totals.value } };
}

/** The wallet's signers and role holders with their names. */
export function walletPeople(db: Db, walletId: number) {
  return Promise.all([
    db
      .selectFrom('wallet_signers as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.address', 's.weight', 's.user_id', 'u.nickname', 'u.email'])
      .where('s.wallet_id', '=', walletId)
      .execute(),
    db
      .selectFrom('wallet_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.role', 'm.user_id', 'u.nickname', 'u.email'])
      .where('m.wallet_id', '=', walletId)
      .execute(),
  ]);
}

/**
 * Amounts per token the wallet cannot spend now: what its active transfers hold (a speed-up counts
 * once, as its newest), and of the native coin what the chain keeps back (XRP's reserves, as last read).
 */
export async function lockedAmounts(
  db: Db,
  walletId: number,
): Promise<{ token_key: string | null; locked: string }[]> {
  const [held, reserve] = await Promise.all([
    heldByTransfers(db, walletId),
    db
      .selectFrom('wallet_balances')
      .select('amount')
      .where('wallet_id', '=', walletId)
      .where('token_key', '=', CHAIN_RESERVE)
      .executeTakeFirst(),
  ]);
  if (!reserve) return held;
  const native = held.find((row) => row.token_key === NATIVE);
  const locked = (BigInt(native?.locked ?? '0') + BigInt(reserve.amount)).toString();
  return [...held.filter((row) => row.token_key !== NATIVE), { token_key: NATIVE, locked }];
}

function heldByTransfers(db: Db, walletId: number) {
  const ACTIVE = [
    TaskStatus.PendingApproval,
    TaskStatus.PendingSignature,
    TaskStatus.PendingBroadcast,
    TaskStatus.OnChain,
  ];
  return (
    db
      .selectFrom('tasks as t')
      .select(['t.token_key', sql<string>`sum(t.amount)::text`.as('locked')])
      .where('t.wallet_id', '=', walletId)
      .where('t.type', 'in', [TaskType.Transfer, TaskType.Batch, TaskType.PreSigned])
      .where('t.status', 'in', ACTIVE)
      // A Bitcoin speed-up spends the same coins as its original: count only the newest of a pair.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('tasks as r')
              .select('r.id')
              .whereRef('r.replaces', '=', 't.id')
              .where('r.status', 'in', ACTIVE),
          ),
        ),
      )
      .groupBy('t.token_key')
      .execute()
  );
}

/** When the wallet's balance cache was last written. */
export function balancesUpdatedAt(db: Db, walletId: number) {
  return db
    .selectFrom('wallet_balances')
    .select(sql<Date>`max(updated_at)`.as('at'))
    .where('wallet_id', '=', walletId)
    .executeTakeFirst();
}

/** How many of these users are joined members of the space. */
export async function countJoinedMembers(
  trx: Db,
  organizationId: number,
  userIds: number[],
): Promise<number> {
  const rows = await trx
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'joined')
    .where('user_id', 'in', userIds)
    .execute();
  return rows.length;
}

/** Replaces the holders of one wallet role. */
export async function replaceRoleHolders(
  trx: Db,
  walletId: number,
  role: WalletMemberRole,
  userIds: number[],
): Promise<void> {
  await trx.deleteFrom('wallet_members').where('wallet_id', '=', walletId).where('role', '=', role).execute();
  if (userIds.length)
    await trx
      .insertInto('wallet_members')
      .values(userIds.map((userId) => ({ wallet_id: walletId, user_id: userId, role })))
      .execute();
}

/** Whether the wallet has a transfer in one of these states. */
export async function hasTransferIn(
  trx: Db,
  walletId: number,
  statuses: readonly number[],
): Promise<boolean> {
  const row = await trx
    .selectFrom('tasks')
    .select('id')
    .where('wallet_id', '=', walletId)
    .where('type', 'in', [TaskType.Transfer, TaskType.Batch, TaskType.PreSigned])
    .where('status', 'in', [...statuses])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateWallet(
  trx: Db,
  walletId: number,
  values: Updateable<Database['wallets']>,
): Promise<void> {
  await trx
    .updateTable('wallets')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', walletId)
    .execute();
}

/** Whether the wallet already lists this token contract (any spelling). */
export async function hasWalletToken(trx: Db, walletId: number, contract: string): Promise<boolean> {
  const row = await trx
    .selectFrom('wallet_tokens')
    .select('id')
    .where('wallet_id', '=', walletId)
    .where(sql<boolean>`lower(contract) = ${contract.toLowerCase()}`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertWalletToken(
  trx: Db,
  values: Insertable<Database['wallet_tokens']>,
): Promise<void> {
  await trx.insertInto('wallet_tokens').values(values).execute();
}

/** Removes a wallet row; its roles, tokens and balances go with it (foreign keys cascade). */
export async function deleteWalletRow(trx: Db, walletId: number): Promise<void> {
  await trx.deleteFrom('wallets').where('id', '=', walletId).execute();
}
