import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/** OKX GET /api/v5/account/config: perm "read_only,trade,withdraw", ip, acctLv (1 simple … 4 portfolio). */
export async function okx(client: ExchangeClient): Promise<KeyPermissions> {
  const r = (await call(client, 'privateGetAccountConfig')()) as { data?: Array<Record<string, unknown>> };
  const config = r.data?.[0] ?? {};
  const perm = String(config.perm ?? '').split(',');
  return {
    kind: perm.includes('withdraw')
      ? ApiKeyType.Custody
      : perm.includes('trade')
        ? ApiKeyType.Trading
        : ApiKeyType.Observation,
    ipRestricted: String(config.ip ?? '') !== '',
    unified: config.acctLv === undefined ? null : Number(config.acctLv) >= 2,
  };
}
