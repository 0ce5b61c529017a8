import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, truthy, type KeyPermissions } from './reader';

/**
 * Coinbase Advanced Trade GET /api/v3/brokerage/key_permissions (ccxt's
 * v3PrivateGetBrokerageKeyPermissions): can_view, can_trade, can_transfer for the calling key.
 * The endpoint does not say whether the key has an IP allowlist: reported as not restricted.
 */
export async function coinbase(client: ExchangeClient): Promise<KeyPermissions> {
  const r = (await call(client, 'v3PrivateGetBrokerageKeyPermissions')()) as Record<string, unknown>;
  return {
    kind: truthy(r.can_transfer)
      ? ApiKeyType.Custody
      : truthy(r.can_trade)
        ? ApiKeyType.Trading
        : ApiKeyType.Observation,
    ipRestricted: false,
    unified: null,
  };
}
