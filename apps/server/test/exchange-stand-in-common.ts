import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { ExchangeId } from '@keystead/contract';
import type { StandInOrder } from './exchange-stand-in-spot';
import type { StandInFutures } from './exchange-stand-in-futures';

/**
 * What every part of the exchange STAND-IN shares (exchange-stand-in.ts serves them all): the
 * keys it knows, what it records of each request, how an exchange's part plugs in, and the
 * HMAC and constant-time comparison each part checks signatures with.
 */
export type KeyKind = 'read' | 'trade' | 'withdraw';

export interface StandInKey {
  exchange: ExchangeId;
  apiKey: string;
  secret: string;
  passphrase?: string;
  kind: KeyKind;
  ipRestricted?: boolean;
  /** OKX acctLv: '1' simple (classic), '2'–'4' unified/portfolio margin. */
  okxAccountLevel?: string;
  /** Binance: the key's account has a cross-margin account and USDⓈ-M futures balances. */
  binanceDerivatives?: boolean;
}

export interface StandInRequest {
  exchange: ExchangeId;
  method: string;
  path: string;
  apiKey: string | null;
  /** Why the stand-in refused the request's authentication (empty when it passed or was public). */
  problems: string[];
}

export interface ExchangeStandIn {
  url: string;
  /** Spot orders Binance accepted (exchange-stand-in-spot.ts). */
  orders: StandInOrder[];
  /** Binance USDⓈ-M futures: leverage set and orders accepted (exchange-stand-in-futures.ts). */
  futures: StandInFutures;
  keys: Map<string, StandInKey>;
  requests: StandInRequest[];
  mode: 'normal' | 'reset' | 'hang';
  close(): Promise<void>;
}

export type Answer = { status: number; body: unknown };

/** A request as an exchange's part of the stand-in sees it (its /<exchange> prefix taken off). */
export interface StandInCall {
  method: string;
  path: string;
  rawQuery: string;
  rawBody: string;
  headers: http.IncomingHttpHeaders;
}

/** What an exchange's part of the stand-in made of a request's authentication. */
export interface StandInAuth {
  key: StandInKey | null;
  problems: string[];
  /** The exchange's own refusal, when authentication failed. */
  answer: Answer | null;
}

/**
 * One more exchange of the stand-in, reached under `/<exchange id>` (its own file,
 * exchange-stand-in-<id>.ts): public endpoints, the signature check with the stand-in's own code,
 * and the documented replies to signed calls.
 */
export interface StandInExchange {
  publicReply(call: StandInCall): Answer | null;
  authenticate(state: ExchangeStandIn, call: StandInCall): StandInAuth;
  reply(call: StandInCall, key: StandInKey, state: ExchangeStandIn): Answer | null;
}

export function hmac(secret: string, payload: string, encoding: 'hex' | 'base64'): string {
  return createHmac('sha256', secret).update(payload).digest(encoding);
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
