import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, type KeyPermissions } from './reader';

/**
 * HTX GET /v2/user/api-key (ccxt's spotPrivateGetV2UserApiKey), "Query API Key Information", for
 * this key (`accessKey`) of the user whose `uid` GET /v2/user/uid gives: `permission`
 * "readOnly,trade,withdraw" and `ipAddresses` (comma-separated, empty when the key is unbound).
 * A reply not listing the key → null (the check fails rather than guess).
 */
export async function htx(client: ExchangeClient): Promise<KeyPermissions | null> {
  const uid = (await call(client, 'spotPrivateGetV2UserUid')()) as { data?: unknown };
  const reply = (await call(
    client,
    'spotPrivateGetV2UserApiKey',
  )({
    uid: String(uid.data),
    accessKey: client.apiKey,
  })) as { data?: Array<Record<string, unknown>> };
  const key = (reply.data ?? []).find((entry) => entry.accessKey === client.apiKey);
  if (!key) return null;
  const permission = String(key.permission ?? '').split(',');
  return {
    kind: permission.includes('withdraw')
      ? ApiKeyType.Custody
      : permission.includes('trade')
        ? ApiKeyType.Trading
        : ApiKeyType.Observation,
    ipRestricted: String(key.ipAddresses ?? '').trim() !== '',
    unified: null,
  };
}
