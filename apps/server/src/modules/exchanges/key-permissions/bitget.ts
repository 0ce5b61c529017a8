import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/** Bitget's refusal of a UTA (v3) endpoint to a classic account ("You are in Classic Account mode…"). */
const CLASSIC_ACCOUNT = '40084';

/** Bitget's error code in a ccxt failure (ccxt quotes the exchange's JSON reply in its message). */
function bitgetCode(error: unknown): string | null {
  const match = error instanceof Error ? /"code"\s*:\s*"(\d+)"/.exec(error.message) : null;
  return match?.[1] ?? null;
}

/** Bitget's read-only authority codes (spot v2 "Get Account Information"); anything else may act. */
const READ_ONLY = new Set([
  'coor',
  'cpor',
  'stor',
  'smor',
  'ttor',
  'wtor',
  'taxr',
  'chor',
  'p2pr',
  'pllr',
  'readonly',
]);

const ipBound = (ips: unknown) => typeof ips === 'string' && ips.trim() !== '';

/**
 * Bitget: a unified trading account (UTA) answers GET /api/v3/account/info (ccxt's
 * privateUtaGetV3AccountInfo: permType "read-only" | "read-and-write", permissions with
 * "withdraw", ips); a classic account is refused there with 40084 and answers GET
 * /api/v2/spot/account/info (privateSpotGetV2SpotAccountInfo: authorities, "wwow" withdrawal,
 * read-and-write codes ending "ow", ips). Each endpoint refuses the other kind of account, so the
 * one that answers also tells whether the account is unified.
 */
export async function bitget(client: ExchangeClient): Promise<KeyPermissions> {
  let unified: Record<string, unknown> | null = null;
  try {
    const r = (await call(client, 'privateUtaGetV3AccountInfo')()) as { data?: Record<string, unknown> };
    unified = r.data ?? {};
  } catch (error) {
    if (bitgetCode(error) !== CLASSIC_ACCOUNT) throw error;
  }
  if (unified) {
    const permissions = Array.isArray(unified.permissions) ? (unified.permissions as unknown[]) : [];
    const readOnly = unified.permType === 'read-only';
    return {
      kind: readOnly
        ? ApiKeyType.Observation
        : permissions.includes('withdraw')
          ? ApiKeyType.Custody
          : ApiKeyType.Trading,
      ipRestricted: ipBound(unified.ips),
      unified: true,
    };
  }
  const r = (await call(client, 'privateSpotGetV2SpotAccountInfo')()) as { data?: Record<string, unknown> };
  const data = r.data ?? {};
  const authorities = Array.isArray(data.authorities) ? (data.authorities as unknown[]).map(String) : [];
  return {
    kind: authorities.includes('wwow')
      ? ApiKeyType.Custody
      : authorities.some((authority) => !READ_ONLY.has(authority))
        ? ApiKeyType.Trading
        : ApiKeyType.Observation,
    ipRestricted: ipBound(data.ips),
    unified: false,
  };
}
