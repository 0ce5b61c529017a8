import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/**
 * Gate GET /api/v4/account/main_keys (ccxt's privateAccountGetMainKeys), "Query All Main Account
 * Key Information": every API key of the account, each with `perms` (per function: name and
 * read_only), `ip_whitelist` and `mode`, its `key` masked to the first characters ("c5dcfbf1f3a7*****").
 * GET /account/detail names only the IP whitelist and key mode, not what the key may do, so this
 * is the one Gate endpoint that tells a key's permissions. The calling key is the one listed whose
 * visible prefix starts our key; none or several such entries (an ambiguous prefix) → null, and
 * the check fails rather than guess.
 * Kind: `wallet` not read-only (withdrawals, transfers) → custody; any other function not
 * read-only → trading; every function read-only → observation. Gate answers a key without the
 * `account` read permission with 403 FORBIDDEN (ccxt: PermissionDenied, an auth failure): such a
 * key is refused at the API-validity step.
 * `unified`: key mode 2 is Gate's legacy unified account; mode 1 does not rule out the newer
 * unified mode (set per account, not per key), so it says nothing (null).
 */
export async function gate(client: ExchangeClient): Promise<KeyPermissions | null> {
  const reply = (await call(client, 'privateAccountGetMainKeys')()) as unknown;
  const listed = (Array.isArray(reply) ? reply : [reply]) as Array<Record<string, unknown>>;
  const mine = listed.filter((entry) => {
    const masked = typeof entry?.key === 'string' ? entry.key : '';
    const prefix = masked.split('*')[0] ?? '';
    return prefix.length >= 8 && client.apiKey.startsWith(prefix);
  });
  if (mine.length !== 1) return null;
  const key = mine[0]!;
  const perms = (Array.isArray(key.perms) ? key.perms : []) as Array<{ name?: unknown; read_only?: unknown }>;
  const writable = perms.filter((perm) => perm.read_only !== true).map((perm) => String(perm.name));
  const ips = Array.isArray(key.ip_whitelist) ? key.ip_whitelist : [];
  return {
    kind: writable.includes('wallet')
      ? ApiKeyType.Custody
      : writable.length > 0
        ? ApiKeyType.Trading
        : ApiKeyType.Observation,
    ipRestricted: ips.length > 0,
    unified: Number(key.mode) === 2 ? true : null,
  };
}
