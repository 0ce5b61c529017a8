import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/**
 * Bybit GET /v5/user/query-api (documented shape: readOnly 0/1, permissions by area, ips ["*"]
 * when unbound). Not exercised against the stand-in.
 */
export async function bybit(client: ExchangeClient): Promise<KeyPermissions> {
  const r = (await call(client, 'privateGetV5UserQueryApi')()) as { result?: Record<string, unknown> };
  const result = r.result ?? {};
  const permissions = (result.permissions ?? {}) as Record<string, string[]>;
  const wallet = permissions.Wallet ?? [];
  const ips = (result.ips as string[] | undefined) ?? ['*'];
  const custody = wallet.includes('Withdraw') || wallet.includes('SubMemberTransfer');
  return {
    kind: custody
      ? ApiKeyType.Custody
      : Number(result.readOnly) === 1
        ? ApiKeyType.Observation
        : ApiKeyType.Trading,
    ipRestricted: !(ips.length === 0 || ips.includes('*')),
    unified: null,
  };
}
