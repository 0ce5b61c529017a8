import type { ApiKeyType } from '@keystead/contract';
import type { ExchangeClient } from '../exchange-client';

/** What the exchange's own permission endpoint says about a key. */
export interface KeyPermissions {
  kind: ApiKeyType;
  ipRestricted: boolean;
  /** Unified / portfolio-margin account, when the endpoint tells (OKX acctLv); null otherwise. */
  unified: boolean | null;
}

/**
 * Reads a key's permissions through ccxt (its implicit API method for the exchange's endpoint);
 * null when the endpoint answered but did not describe this key (the check then fails rather than guess).
 */
export type PermissionReader = (client: ExchangeClient) => Promise<KeyPermissions | null>;

type Call = (params?: object) => Promise<unknown>;

/** ccxt's implicit API method by name (e.g. sapiGetAccountApiRestrictions), bound to the client. */
export function call(client: ExchangeClient, method: string): Call {
  const fn = (client as unknown as Record<string, Call | undefined>)[method];
  if (typeof fn !== 'function') throw new Error(`ccxt ${client.id} has no ${method}`);
  return fn.bind(client);
}

export const truthy = (value: unknown) => value === true || value === 'true';
