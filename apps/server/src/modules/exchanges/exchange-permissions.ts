import { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from './exchange-client';
import type { ExchangeSpec } from './exchange-table';

/** What the exchange's own permission endpoint says about a key. */
export interface KeyPermissions {
  kind: ApiKeyType;
  ipRestricted: boolean;
  /** Unified / portfolio-margin account, when the endpoint tells (OKX acctLv); null otherwise. */
  unified: boolean | null;
}

type Call = (params?: object) => Promise<unknown>;

function call(client: ExchangeClient, method: string): Call {
  const fn = (client as unknown as Record<string, Call | undefined>)[method];
  if (typeof fn !== 'function') throw new Error(`ccxt ${client.id} has no ${method}`);
  return fn.bind(client);
}

const truthy = (value: unknown) => value === true || value === 'true';

/** Binance GET /sapi/v1/account/apiRestrictions (ccxt's implicit sapiGetAccountApiRestrictions). */
async function binance(client: ExchangeClient): Promise<KeyPermissions> {
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

/** OKX GET /api/v5/account/config: perm "read_only,trade,withdraw", ip, acctLv (1 simple … 4 portfolio). */
async function okx(client: ExchangeClient): Promise<KeyPermissions> {
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

/**
 * Bybit GET /v5/user/query-api (documented shape: readOnly 0/1, permissions by area, ips ["*"]
 * when unbound). Not exercised against the stand-in.
 */
async function bybit(client: ExchangeClient): Promise<KeyPermissions> {
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

/** The key's permissions, or null when this exchange's permission endpoint is not wired yet. */
export async function readKeyPermissions(
  spec: ExchangeSpec,
  client: ExchangeClient,
): Promise<KeyPermissions | null> {
  switch (spec.permissions) {
    case 'binance':
      return binance(client);
    case 'okx':
      return okx(client);
    case 'bybit':
      return bybit(client);
    default:
      return null;
  }
}
