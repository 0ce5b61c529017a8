import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  ApiKeyType,
  MAX_PLATFORM_API_KEYS,
  PLATFORM_API_HEADERS,
  PLATFORM_API_STRING_TO_SIGN,
  type PlatformApiKeyItem,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { LockNamespace } from '../../jobs/lock-ids';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { withEmailCode } from '../auth/email-code.service';
import { loadExchangeAccount } from '../exchanges/exchange-reads';
import { openCredentials, sealCredentials } from '../exchanges/exchange-secrets';
import { escrowSettingsOf, keyOfSpace, keysOfWallet, type PlatformKeyRow } from './escrow-repository';

/** The path bots call (the platform API: no session, HMAC-signed). */
export const PLATFORM_API_PATH = '/api/v1/sign/hmac';

function present(row: PlatformKeyRow): PlatformApiKeyItem {
  return {
    id: row.id,
    wallet_id: row.wallet_id,
    api_key: row.api_key,
    description: row.description,
    status: row.status,
    creator: { id: row.created_by, name: row.nickname || row.email },
    ctime: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** The secret of a key, opened from its sealed record (for checking a request's HMAC). */
export function keySecret(
  ctx: AppContext,
  row: { master_key_id: string; sealed_data_key: string; sealed_secret: string },
): string {
  return openCredentials(ctx.config, {
    master_key_id: row.master_key_id,
    sealed_data_key: row.sealed_data_key,
    sealed_credentials: row.sealed_secret,
  }).secret;
}

async function audit(trx: Db, actor: CommandContext, operation: string, content: Record<string, unknown>) {
  await writeAudit(trx, {
    organizationId: actor.organization.id,
    userId: actor.user.id,
    type: 'wallet',
    operation,
    ip: actor.ip,
    content,
  });
}

/** GET /escrow/api-keys: the account's platform API key (at most one), never its secret. */
export async function listPlatformKeys(ctx: AppContext, actor: CommandContext, walletId: number) {
  const account = await loadExchangeAccount(ctx, actor, walletId);
  return { list: (await keysOfWallet(ctx.db, account.wallet_id)).map(present) };
}

/**
 * POST /escrow/api-keys: a key for the team's bots (e-mail code `exchange_api_key`). Orders go to
 * the exchange with the account's key, so the account must hold a trading key; one platform key
 * per account (§9), counted under the account's lock. The secret is sealed at once and returned
 * in this reply only.
 */
export async function createPlatformKey(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; description: string; email_code: string },
): Promise<PlatformApiKeyItem & { secret: string }> {
  const account = await loadExchangeAccount(ctx, actor, input.wallet_id);
  if (account.api_key_type < ApiKeyType.Trading) throw new AppError('ESCROW_TRADING_KEY_REQUIRED_ERROR');
  const apiKey = `ksk_${randomBytes(16).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const sealed = sealCredentials(ctx.config, { apiKey, secret });
  const id = await withEmailCode(ctx, actor.user.email, 'exchange_api_key', input.email_code, async (trx) => {
    await sql`select pg_advisory_xact_lock(${LockNamespace.EscrowAccount}, ${account.wallet_id}::int)`.execute(
      trx,
    );
    const held = await trx
      .selectFrom('platform_api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('wallet_id', '=', account.wallet_id)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= MAX_PLATFORM_API_KEYS)
      throw new AppError('LIMIT_PLATFORM_API_KEYS_ERROR', { max: MAX_PLATFORM_API_KEYS });
    const row = await trx
      .insertInto('platform_api_keys')
      .values({
        wallet_id: account.wallet_id,
        organization_id: account.organization_id,
        api_key: apiKey,
        description: input.description,
        master_key_id: sealed.master_key_id,
        sealed_data_key: sealed.sealed_data_key,
        sealed_secret: sealed.sealed_credentials,
        created_by: actor.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'api_key_create', {
      wallet_id: account.wallet_id,
      name: account.name,
      api_key: apiKey,
    });
    return row.id;
  });
  const created = await keyOfSpace(ctx.db, actor.organization.id, id);
  return { ...present(created!), secret };
}

/** A key of an account the caller may view; another space's id, or an account hidden, is not found. */
async function loadKey(ctx: AppContext, actor: CommandContext, id: number): Promise<PlatformKeyRow> {
  const row = await keyOfSpace(ctx.db, actor.organization.id, id);
  if (!row) throw new AppError('PLATFORM_API_KEY_NOT_FOUND_ERROR');
  await loadExchangeAccount(ctx, actor, row.wallet_id).catch(() => {
    throw new AppError('PLATFORM_API_KEY_NOT_FOUND_ERROR');
  });
  return row;
}

/** PATCH /escrow/api-keys: start or pause (§4), or a new description. */
export async function updatePlatformKey(
  ctx: AppContext,
  actor: CommandContext,
  input: { id: number; status?: 1 | 2 | undefined; description?: string | undefined },
): Promise<PlatformApiKeyItem> {
  const row = await loadKey(ctx, actor, input.id);
  const change = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.description ? { description: input.description } : {}),
  };
  if (Object.keys(change).length === 0) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'status' });
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('platform_api_keys').set(change).where('id', '=', row.id).execute();
    await audit(
      trx,
      actor,
      input.status === 2 ? 'api_key_pause' : input.status ? 'api_key_start' : 'api_key_update',
      {
        wallet_id: row.wallet_id,
        api_key: row.api_key,
        before: { status: row.status, description: row.description },
        ...change,
      },
    );
  });
  return present((await keyOfSpace(ctx.db, actor.organization.id, row.id))!);
}

/** DELETE /escrow/api-keys: the key stops working at once (its log rows keep its public id). */
export async function deletePlatformKey(ctx: AppContext, actor: CommandContext, id: number): Promise<void> {
  const row = await loadKey(ctx, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('platform_api_keys').where('id', '=', row.id).execute();
    await audit(trx, actor, 'api_key_delete', { wallet_id: row.wallet_id, api_key: row.api_key });
  });
}

/** GET /escrow/api-keys/info: one key and how a bot signs its requests. */
export async function platformKeyInfo(ctx: AppContext, actor: CommandContext, id: number) {
  const row = await loadKey(ctx, actor, id);
  const settings = await escrowSettingsOf(ctx.db, row.wallet_id);
  return {
    ...present(row),
    signing: {
      headers: [...PLATFORM_API_HEADERS],
      string_to_sign: PLATFORM_API_STRING_TO_SIGN,
      algorithm: 'HMAC-SHA256, hex',
      timestamp_window_seconds: settings.timestamp_window_seconds,
      endpoint: PLATFORM_API_PATH,
    },
  };
}
