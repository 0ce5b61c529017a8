import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { PlatformKeyStatus, type ErrorCode } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { findExchangeAccount, type ExchangeAccount } from '../exchanges/exchange-repository';
import { resealDataKey } from '../exchanges/exchange-secrets';
import {
  claimNonce,
  escrowSettingsOf,
  findKeyByPublicId,
  insertOrderLog,
  type EscrowSettings,
} from './escrow-repository';
import { keySecret } from './platform-keys';

/** The platform API's request as it arrived: the exact bytes are what was signed. */
export interface SignedRequest {
  method: string;
  /** Path with its query string, as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ip: string;
}

export interface AuthenticatedKey {
  key: { id: number; api_key: string; wallet_id: number; organization_id: number; status: number };
  account: ExchangeAccount;
  settings: EscrowSettings;
}

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
/** Nonces are kept this long: longer than the largest timestamp window, so a replay always finds its nonce. */
const NONCE_KEEP_SECONDS = 120;

const header = (request: SignedRequest, name: string): string | null => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** `${timestamp}\n${nonce}\n${METHOD}\n${path with query}\n${body}` under the key's secret, hex. */
export function platformSignature(
  secret: string,
  parts: { timestamp: string; nonce: string; method: string; url: string; body: Buffer | string },
): string {
  return createHmac('sha256', secret)
    .update(`${parts.timestamp}\n${parts.nonce}\n${parts.method.toUpperCase()}\n${parts.url}\n`)
    .update(parts.body)
    .digest('hex');
}

/** Whether an address is on the whitelist (addresses and CIDR ranges, IPv4 and IPv6). */
export function ipAllowed(whitelist: string[], ip: string): boolean {
  if (whitelist.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const entry of whitelist) {
    const [net, bits] = entry.split('/');
    const kind = isIP(net!) === 6 ? 'ipv6' : isIP(net!) === 4 ? 'ipv4' : null;
    if (!kind) continue;
    if (bits === undefined) list.addAddress(net!, kind);
    else list.addSubnet(net!, Number(bits), kind);
  }
  return isIP(address) !== 0 && list.check(address, family);
}

/**
 * Authenticates one platform API request, in this order: the key exists (PLATFORM_API_KEY_ERROR),
 * is started (…_PAUSED_ERROR), the caller's IP is whitelisted (…_IP_ERROR), the timestamp is
 * within the account's window (…_TIMESTAMP_ERROR), the nonce is well formed, the HMAC matches
 * the exact bytes (…_SIGNATURE_ERROR), and only then the nonce is claimed once across processes
 * (…_NONCE_ERROR on a replay) — so a forged request cannot use up a bot's nonces. Refusals of a
 * known key are written to the escrow log; an unknown key is not (it names no account).
 */
async function authenticate(ctx: AppContext, request: SignedRequest): Promise<AuthenticatedKey> {
  const apiKey = header(request, 'KS-API-KEY');
  const key = apiKey ? await findKeyByPublicId(ctx.db, apiKey) : undefined;
  if (!key) throw new AppError('PLATFORM_API_KEY_ERROR');
  const refuse = async (code: ErrorCode): Promise<never> => {
    await insertOrderLog(ctx.db, {
      wallet_id: key.wallet_id,
      organization_id: key.organization_id,
      api_key_id: key.id,
      api_key: key.api_key,
      ip: request.ip,
      decision: 'refused',
      code,
    });
    throw new AppError(code);
  };
  const account = await findExchangeAccount(ctx.db, key.organization_id, key.wallet_id);
  if (!account) throw new AppError('PLATFORM_API_KEY_ERROR');
  if (key.status !== PlatformKeyStatus.Started) return refuse('PLATFORM_API_KEY_PAUSED_ERROR');
  const settings = await escrowSettingsOf(ctx.db, key.wallet_id);
  if (!ipAllowed(settings.ip_whitelist, request.ip)) return refuse('PLATFORM_API_IP_ERROR');

  const timestamp = header(request, 'KS-TIMESTAMP');
  if (!timestamp || !/^\d{13}$/.test(timestamp)) return refuse('PLATFORM_API_TIMESTAMP_ERROR');
  if (Math.abs(Date.now() - Number(timestamp)) > settings.timestamp_window_seconds * 1000)
    return refuse('PLATFORM_API_TIMESTAMP_ERROR');
  const nonce = header(request, 'KS-NONCE');
  if (!nonce || !NONCE.test(nonce)) return refuse('PLATFORM_API_NONCE_ERROR');

  const given = Buffer.from(header(request, 'KS-SIGNATURE') ?? '', 'utf8');
  const expected = Buffer.from(
    platformSignature(keySecret(ctx, key), {
      timestamp,
      nonce,
      method: request.method,
      url: request.url,
      body: request.body,
    }),
    'utf8',
  );
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse('PLATFORM_API_SIGNATURE_ERROR');
  if (!(await claimNonce(ctx.db, key.id, nonce, NONCE_KEEP_SECONDS)))
    return refuse('PLATFORM_API_NONCE_ERROR');

  // After a rotation of EXCHANGE_SECRET_KEY the key's data key is re-sealed under the new one.
  const resealed = resealDataKey(ctx.config, { ...key, sealed_credentials: key.sealed_secret });
  await ctx.db
    .updateTable('platform_api_keys')
    .set({ last_used_at: new Date(), ...(resealed ?? {}) })
    .where('id', '=', key.id)
    .execute();
  return { key: pick(key), account, settings };
}

/** Failed authentications an address may have per minute before it is slowed down (429). */
export const PLATFORM_AUTH_FAILURES_PER_MINUTE = 20;

/**
 * authenticate, rate-limited by failures per calling address: a prober guessing keys or
 * signatures is refused (CAPTCHA_TOO_FREQUENT_ERROR) before any lookup or log row, while a bot at
 * another address, and this address's well-signed requests under the limit, go on untouched.
 */
export async function authenticatePlatformRequest(
  ctx: AppContext,
  request: SignedRequest,
): Promise<AuthenticatedKey> {
  const failures = `platform-auth-failures:${request.ip}`;
  if ((await ctx.rates.peek(failures)) >= PLATFORM_AUTH_FAILURES_PER_MINUTE)
    throw new AppError('CAPTCHA_TOO_FREQUENT_ERROR');
  try {
    return await authenticate(ctx, request);
  } catch (error) {
    if (error instanceof AppError) await ctx.rates.hit(failures, 60_000);
    throw error;
  }
}

const pick = (key: AuthenticatedKey['key']): AuthenticatedKey['key'] => ({
  id: key.id,
  api_key: key.api_key,
  wallet_id: key.wallet_id,
  organization_id: key.organization_id,
  status: key.status,
});
