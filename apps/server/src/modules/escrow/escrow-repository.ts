import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { StoredRule, Strategy, Usage } from './risk-judge';

/** The escrow module's SQL: strategies and rules, platform API keys, nonces, settings, the order log. */

const jsonList = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

export interface StrategyRow extends Strategy {
  wallet_id: number;
  updated_by: number | null;
  updated_at: Date;
}

/** The account's strategy with its rules, or null before one is saved. */
export async function findStrategy(db: Db, walletId: number): Promise<StrategyRow | null> {
  const strategy = await db
    .selectFrom('risk_strategies')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .executeTakeFirst();
  if (!strategy) return null;
  const rules = await db
    .selectFrom('risk_rules')
    .selectAll()
    .where('wallet_id', '=', walletId)
    .orderBy('trade_category')
    .execute();
  return {
    wallet_id: strategy.wallet_id,
    tactic_type: strategy.tactic_type,
    status: strategy.status,
    updated_by: strategy.updated_by,
    updated_at: strategy.updated_at,
    rules: rules.map(({ wallet_id: _wallet, symbols, ...rule }) => ({ ...rule, symbols: jsonList(symbols) })),
  };
}

/** Replaces the account's strategy and every rule (one transaction: the caller's). */
export async function replaceStrategy(
  trx: Db,
  values: { wallet_id: number; organization_id: number; tactic_type: number; updated_by: number },
  rules: StoredRule[],
): Promise<void> {
  await trx
    .insertInto('risk_strategies')
    .values({ ...values, status: 1 })
    .onConflict((oc) =>
      oc.column('wallet_id').doUpdateSet({
        tactic_type: values.tactic_type,
        status: 1,
        updated_by: values.updated_by,
        updated_at: new Date(),
      }),
    )
    .execute();
  await trx.deleteFrom('risk_rules').where('wallet_id', '=', values.wallet_id).execute();
  if (rules.length > 0)
    await trx
      .insertInto('risk_rules')
      .values(
        rules.map((rule) => ({
          ...rule,
          wallet_id: values.wallet_id,
          symbols: JSON.stringify(rule.symbols),
        })),
      )
      .execute();
}

export async function touchStrategy(trx: Db, walletId: number, userId: number): Promise<void> {
  await trx
    .updateTable('risk_strategies')
    .set({ updated_by: userId, updated_at: new Date() })
    .where('wallet_id', '=', walletId)
    .execute();
}

/**
 * What accepted and pending orders of one category bought and sold within the window. Pending
 * rows count: an order being placed holds its place, so a concurrent one sees it.
 */
export async function usageSince(db: Db, walletId: number, category: number, since: Date): Promise<Usage> {
  const row = await db
    .selectFrom('escrow_orders')
    .select([
      sql<string>`coalesce(sum(amount) filter (where side = 'buy'), 0)::text`.as('bought'),
      sql<string>`coalesce(sum(amount) filter (where side = 'sell'), 0)::text`.as('sold'),
      sql<string>`coalesce(sum(notional_usdt) filter (where side = 'buy'), 0)::text`.as('bought_usdt'),
      sql<string>`coalesce(sum(notional_usdt) filter (where side = 'sell'), 0)::text`.as('sold_usdt'),
    ])
    .where('wallet_id', '=', walletId)
    .where('trade_category', '=', category)
    .where('decision', 'in', ['accepted', 'pending'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertOrderLog(db: Db, values: Insertable<Database['escrow_orders']>): Promise<number> {
  const row = await db.insertInto('escrow_orders').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function settleOrderLog(
  db: Db,
  id: number,
  outcome: { decision: 'accepted' | 'failed'; code?: string; exchange_order_id?: string | null },
): Promise<void> {
  await db
    .updateTable('escrow_orders')
    .set({
      decision: outcome.decision,
      code: outcome.code ?? null,
      exchange_order_id: outcome.exchange_order_id ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export function findKeyByPublicId(db: Db, apiKey: string) {
  return db.selectFrom('platform_api_keys').selectAll().where('api_key', '=', apiKey).executeTakeFirst();
}

/** Platform API keys with their creators' names. */
const keysWithCreators = (db: Db) =>
  db
    .selectFrom('platform_api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .selectAll('k')
    .select(['u.nickname', 'u.email']);

/** The keys of one account. */
export function keysOfWallet(db: Db, walletId: number) {
  return keysWithCreators(db).where('k.wallet_id', '=', walletId).orderBy('k.id').execute();
}
export type PlatformKeyRow = Awaited<ReturnType<typeof keysOfWallet>>[number];

/** A key of the space by its row id (another space's reads as none). */
export function keyOfSpace(db: Db, organizationId: number, id: number) {
  return keysWithCreators(db)
    .where('k.id', '=', id)
    .where('k.organization_id', '=', organizationId)
    .executeTakeFirst();
}

export interface EscrowSettings {
  ip_whitelist: string[];
  timestamp_window_seconds: number;
  limit_window_hours: number;
}
export const DEFAULT_ESCROW_SETTINGS: EscrowSettings = {
  ip_whitelist: [],
  timestamp_window_seconds: 30,
  limit_window_hours: 24,
};

export async function escrowSettingsOf(db: Db, walletId: number): Promise<EscrowSettings> {
  const row = await db
    .selectFrom('escrow_settings')
    .select(['ip_whitelist', 'timestamp_window_seconds', 'limit_window_hours'])
    .where('wallet_id', '=', walletId)
    .executeTakeFirst();
  return row ? { ...row, ip_whitelist: jsonList(row.ip_whitelist) } : DEFAULT_ESCROW_SETTINGS;
}

/** Writes some of an account's settings (the others keep their values, or their defaults). */
export async function saveEscrowSettings(
  trx: Db,
  walletId: number,
  settings: Partial<EscrowSettings>,
  userId: number,
): Promise<void> {
  const values = {
    ...(settings.ip_whitelist ? { ip_whitelist: JSON.stringify(settings.ip_whitelist) } : {}),
    ...(settings.timestamp_window_seconds
      ? { timestamp_window_seconds: settings.timestamp_window_seconds }
      : {}),
    ...(settings.limit_window_hours ? { limit_window_hours: settings.limit_window_hours } : {}),
    updated_by: userId,
    updated_at: new Date(),
  };
  await trx
    .insertInto('escrow_settings')
    .values({ wallet_id: walletId, ...values })
    .onConflict((oc) => oc.column('wallet_id').doUpdateSet(values))
    .execute();
}

/**
 * Records a nonce of a key; false when it was seen already (a replay). Nonces older than
 * `keepSeconds` are dropped first: a request that old is refused by its timestamp anyway.
 */
export async function claimNonce(
  db: Db,
  apiKeyId: number,
  nonce: string,
  keepSeconds: number,
): Promise<boolean> {
  await db
    .deleteFrom('platform_api_nonces')
    .where('api_key_id', '=', apiKeyId)
    .where('seen_at', '<', new Date(Date.now() - keepSeconds * 1000))
    .execute();
  const inserted = await db
    .insertInto('platform_api_nonces')
    .values({ api_key_id: apiKeyId, nonce })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}
