import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';
import { call, truthy, type KeyPermissions } from './reader';

/** Binance GET /sapi/v1/account/apiRestrictions (ccxt's implicit sapiGetAccountApiRestrictions). */
export async function binance(client: ExchangeClient): Promise<KeyPermissions> {
  const r = (await call(client, 'sapiGetAccountApiRestrictions')()) as Record<string, unknown>;
  const custody = truthy(r.enableWithdrawals) || truthy(r.enableInternalTransfer);
  const trading = [
    'enableSpotAndMarginTrading',
    'enableMargin',
    'enableFutures',
    'enableVanillaOptions',
    'enablePortfolioMarginTrading',
    'enableFixApiTrade',
    'permitsUniversalTransfer',
  ].some((flag) => truthy(r[flag]));
  return {
    kind: custody ? ApiKeyType.Custody : trading ? ApiKeyType.Trading : ApiKeyType.Observation,
    ipRestricted: truthy(r.ipRestrict),
    unified: null,
  };
}
