import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/**
 * Bybit GET /v5/user/query-api (ccxt's implicit privateGetV5UserQueryApi; Bybit v5 "Get API Key
 * Information"): readOnly 1 read-only, 0 read-and-write; permissions by area (Wallet holds
 * "Withdraw" and, on a master account, "SubMemberTransfer"); ips ["*"] when the key is bound to no
 * address; uta 1 for a unified trade account (unified 1: the older unified margin account).
 */
export async function bybit(client: ExchangeClient): Promise<KeyPermissions> {
  const r = (await call(client, 'privateGetV5UserQueryApi')()) as { result?: Record<string, unknown> };
  const result = r.result ?? {};
  const permissions = (result.permissions ?? {}) as Record<string, unknown>;
  const wallet = Array.isArray(permissions.Wallet) ? (permissions.Wallet as unknown[]) : [];
  const ips = Array.isArray(result.ips) ? (result.ips as unknown[]).map(String) : [];
  const readOnly = Number(result.readOnly) === 1;
  // A read-only key can move nothing, whatever areas it may read.
  const custody = !readOnly && (wallet.includes('Withdraw') || wallet.includes('SubMemberTransfer'));
  const known = (value: unknown) => value !== undefined && value !== null && value !== '';
  return {
    kind: custody ? ApiKeyType.Custody : readOnly ? ApiKeyType.Observation : ApiKeyType.Trading,
    ipRestricted: ips.some((ip) => ip !== '*' && ip.trim() !== ''),
    unified:
      known(result.uta) || known(result.unified)
        ? Number(result.uta) === 1 || Number(result.unified) === 1
        : null,
  };
}
