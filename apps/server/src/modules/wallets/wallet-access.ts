import { sql, type RawBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Wallet, WalletsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { commandContext, type CommandContext } from '../../lib/command-context';
import { canOnWallet, type WalletRelation } from '../policy/policy';
import { jsonColumn } from '../../lib/json-column';
import type { KeptWallets } from '../spaces/space-lookups';
import { knownAddressColumns, knownOf } from '../transfers/address-tags';
import { SignType, WalletStatus } from './wallet-status';

/** The user's roles on the wallet and whether they hold one of its signer keys, as two columns. */
export const relationColumns = (walletId: number | RawBuilder<number>, userId: number) =>
  [
    sql<
      string[]
    >`array(select role::text from wallet_members where wallet_id = ${walletId} and user_id = ${userId})`.as(
      'relation_roles',
    ),
    sql<boolean>`exists (select 1 from wallet_signers where wallet_id = ${walletId} and user_id = ${userId})`.as(
      'relation_is_signer',
    ),
  ] as const;

const relationOf = (row: { relation_roles: string[]; relation_is_signer: boolean }): WalletRelation => ({
  roles: new Set(row.relation_roles),
  isSigner: Boolean(row.relation_is_signer),
});

/** A wallet's columns, to read it in the same row as another table's (each as w_<column>). */
const WALLET_COLUMNS = Object.keys({
  id: true,
  organization_id: true,
  chain_key: true,
  sign_type: true,
  name: true,
  remark: true,
  address: true,
  status: true,
  threshold: true,
  approval_threshold: true,
  broadcast_scope: true,
  salt_nonce: true,
  deploy_tx_hash: true,
  whitelist_on: true,
  asset_tag_on: true,
  payment_on: true,
  payment_address_id: true,
  dapp_on: true,
  value_usd: true,
  created_by: true,
  created_at: true,
  updated_at: true,
  archived_at: true,
  utxo_keys: true,
  descriptor_receive: true,
  descriptor_change: true,
  next_receive_index: true,
  next_change_index: true,
  plan_frozen: true,
  recovery_state: true,
  recovery_module: true,
  family_address_type: true,
  timelock_recovery: true,
} satisfies Record<keyof WalletsTable, true>) as (keyof Wallet)[];

export const prefixedWalletColumns = (alias: string) =>
  WALLET_COLUMNS.map((column) => sql.ref(`${alias}.${column}`).as(`w_${column}`));

/** The wallet, the relation and the rest of a row read with prefixedWalletColumns and relationColumns. */
export function splitWalletRow(row: Record<string, unknown>) {
  const rest: Record<string, unknown> = { ...row };
  const wallet: Record<string, unknown> = {};
  for (const column of WALLET_COLUMNS) {
    wallet[column] = row[`w_${column}`];
    delete rest[`w_${column}`];
  }
  delete rest.relation_roles;
  delete rest.relation_is_signer;
  return {
    wallet: wallet as unknown as Wallet,
    relation: relationOf(row as { relation_roles: string[]; relation_is_signer: boolean }),
    rest,
  };
}

/** The user's roles on the wallet and whether they sign for it, in one statement (read on every wallet step). */
export async function walletRelation(db: Db, walletId: number, userId: number): Promise<WalletRelation> {
  return relationOf(await db.selectNoFrom(relationColumns(walletId, userId)).executeTakeFirstOrThrow());
}

/**
 * The wallet a request names, only when it belongs to the request's space and the user may see
 * it. Any other wallet id reads as "not found", never as "forbidden".
 */
export async function loadWallet(
  db: Db,
  request: FastifyRequest,
  walletId: number,
  options: { allowArchived?: boolean } = {},
): Promise<{ wallet: Wallet; relation: WalletRelation }> {
  return loadWalletFor(db, commandContext(request), walletId, options);
}

/** The statement that reads a wallet of the space with the user's relation to it. */
const walletWithRelation = (db: Db, organizationId: number, userId: number, walletId: number) =>
  db
    .selectFrom('wallets')
    .selectAll('wallets')
    .select(relationColumns(walletId, userId))
    .where('id', '=', walletId)
    .where('organization_id', '=', organizationId);

/** The wallet out of a walletWithRelation row, if the member may see it (and it is live, unless allowed). */
function visibleWallet(
  row: (Wallet & { relation_roles: string[]; relation_is_signer: boolean }) | undefined,
  role: number,
  options: { allowArchived?: boolean },
): { wallet: Wallet; relation: WalletRelation } {
  if (!row) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const { relation_roles: _roles, relation_is_signer: _isSigner, ...wallet } = row;
  const relation = relationOf(row);
  const decision = canOnWallet(role, relation, 'view');
  if (!decision.allowed) throw new AppError(decision.code!);
  if (!options.allowArchived && wallet.status === WalletStatus.Archived)
    throw new AppError('WALLET_ARCHIVED_ERROR');
  return { wallet, relation };
}

/**
 * A live wallet of the caller's space and the caller's relation to it, in one statement, with no
 * policy decision yet: for callers whose own rule may let in someone without a wallet role (the
 * heir of a family wallet). Missing or archived: WALLET_NOT_FOUND_ERROR.
 */
export async function liveWalletAndRelation(
  db: Db,
  { organization, user }: Pick<CommandContext, 'organization' | 'user'>,
  walletId: number,
): Promise<{ wallet: Wallet; relation: WalletRelation }> {
  const row = await walletWithRelation(db, organization.id, user.id, walletId).executeTakeFirst();
  if (!row || row.status === WalletStatus.Archived) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const { relation_roles: _roles, relation_is_signer: _isSigner, ...wallet } = row;
  return { wallet, relation: relationOf(row) };
}

/** loadWallet for a command's context. */
export async function loadWalletFor(
  db: Db,
  { organization, member, user }: Pick<CommandContext, 'organization' | 'member' | 'user'>,
  walletId: number,
  options: { allowArchived?: boolean } = {},
): Promise<{ wallet: Wallet; relation: WalletRelation }> {
  // The wallet and the user's relation to it in one statement (read on every wallet step).
  const row = await walletWithRelation(db, organization.id, user.id, walletId).executeTakeFirst();
  return visibleWallet(row, member.role, options);
}

/** A wallet token the space added itself (wallet_tokens). */
export interface CustomToken {
  contract: string;
  symbol: string;
  decimals: number;
}

/**
 * A wallet that transfers are made from, with what creating one needs besides, in the same
 * statement: its custom tokens, how many live wallets of each sign type the space keeps (§4: a
 * space over its plan's limits chooses before moving funds), and the addresses the space knows
 * (recipients' tags).
 */
export async function loadWalletToOperate(
  db: Db,
  { organization, member, user }: Pick<CommandContext, 'organization' | 'member' | 'user'>,
  walletId: number,
) {
  const row = await walletWithRelation(db, organization.id, user.id, walletId)
    .select([
      sql<CustomToken[] | string>`coalesce((
        select json_agg(json_build_object('contract', contract, 'symbol', symbol, 'decimals', decimals))
          from wallet_tokens where wallet_id = ${walletId}), '[]')`.as('custom_tokens'),
      sql<KeptWallets | string>`(
        select json_build_object(
                 'multi', count(*) filter (where sign_type = ${SignType.Multi}),
                 'single', count(*) filter (where sign_type = ${SignType.Single}))
          from wallets where organization_id = ${organization.id}
           and status <> ${WalletStatus.Archived} and not plan_frozen)`.as('kept_wallets'),
      ...knownAddressColumns(organization.id),
    ])
    .executeTakeFirst();
  if (!row) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const { custom_tokens, kept_wallets, known_wallets, known_book, known_paid, ...rest } = row;
  return {
    ...visibleWallet(rest, member.role, {}),
    known: knownOf({ known_wallets, known_book, known_paid }),
    customTokens: jsonColumn<CustomToken[]>(custom_tokens),
    keptWallets: jsonColumn<KeptWallets>(kept_wallets),
  };
}
