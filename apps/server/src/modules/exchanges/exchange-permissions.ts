import type { ExchangeId } from '@keystead/contract';
import type { ExchangeClient } from './exchange-client';
import { binance } from './key-permissions/binance';
import { bitget } from './key-permissions/bitget';
import { bybit } from './key-permissions/bybit';
import { coinbase } from './key-permissions/coinbase';
import { gate } from './key-permissions/gate';
import { htx } from './key-permissions/htx';
import { okx } from './key-permissions/okx';
import type { KeyPermissions, PermissionReader } from './key-permissions/reader';

export type { KeyPermissions } from './key-permissions/reader';

/**
 * How each exchange's key permissions are read: one file per exchange under key-permissions/,
 * each through that exchange's own permission endpoint. An exchange without a reader cannot be
 * added: the check's permission step fails rather than guess what the key may do.
 */
const READERS: Partial<Record<ExchangeId, PermissionReader>> = {
  binance,
  okx,
  bybit,
  bitget,
  gate,
  htx,
  coinbase,
};

/**
 * The key's permissions, or null when this exchange's permission endpoint is not wired or did not
 * describe the key.
 */
export async function readKeyPermissions(
  id: ExchangeId,
  client: ExchangeClient,
): Promise<KeyPermissions | null> {
  const reader = READERS[id];
  return reader ? reader(client) : null;
}
