import { z } from 'zod';
import { text, pageQuery } from './common';
import { decimalString, isoTime, listOf, pageOf } from './reply';
import { EXCHANGE_ACCOUNT_MODES } from '../enums';
import { EXCHANGE_CHECK_STEPS } from '../states';

/** Exchange accounts (§3 exchange account item, exchange API input; §4 statuses and check steps). */

/** The exchanges the server adds accounts for, by ccxt id (the server's table says how). */
export const EXCHANGE_IDS = ['binance', 'okx', 'bybit', 'bitget', 'gate', 'htx', 'coinbase'] as const;
export type ExchangeId = (typeof EXCHANGE_IDS)[number];

// ApiKeyType and EXCHANGE_ACCOUNT_MODES live in ../enums.ts, ExchangeStatus and EXCHANGE_CHECK_STEPS in ../states.ts.

/** §9: viewers of one exchange account. */
export const MAX_EXCHANGE_VIEWERS = 5;
/** §1, §9: exchange APIs a trial space may add. */
export const TRIAL_EXCHANGE_APIS = 1;
/** Exchange APIs per paid plan (the free full-edition plan adds none: §6 exchange adding is paid). */
export const PLAN_EXCHANGE_APIS = { free: 0, plus: 5, enterprise: 20 } as const;
/** A passed check is good for one add of the same input within this many seconds. */
export const EXCHANGE_CHECK_TOKEN_SECONDS = 600;

const apiKeyTypeField = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const accountModeField = z.enum(EXCHANGE_ACCOUNT_MODES);

/** §3 exchange API input: what the connectivity check and the add both take. */
export const exchangeApiInput = z.object({
  exchange: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(32, 'PARAMS_INVALID_ERROR'),
  api_key: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(512, 'PARAMS_INVALID_ERROR'),
  secret: text().min(1, 'PARAMS_REQUIRED_ERROR').max(4096, 'PARAMS_INVALID_ERROR'),
  passphrase: text().max(256, 'PARAMS_INVALID_ERROR').optional(),
  /** The kind being added; 1 (observation, read-only: §5 "only read-only API for import") unless named. */
  api_key_type: apiKeyTypeField.default(1),
  account_mode: accountModeField.default('classic'),
  /** The user has whitelisted the platform's outgoing IPs (GET /v4/ip-config) at the exchange. */
  ip_whitelist: z.boolean().default(false),
});
export type ExchangeApiInput = z.infer<typeof exchangeApiInput>;

export const exchangeCheckBody = exchangeApiInput;

export const exchangeCheckStepResult = z.object({
  step: z.enum(EXCHANGE_CHECK_STEPS),
  status: z.enum(['passed', 'failed', 'skipped']),
  /** The catalogue code of a failed step. */
  code: z.string().nullable(),
});
export type ExchangeCheckStepResult = z.infer<typeof exchangeCheckStepResult>;

/** A passed check; a failed one is the failing step's catalogue code with `{ steps }` as its data. */
export const exchangeCheckReply = z.object({
  passed: z.literal(true),
  steps: z.array(exchangeCheckStepResult),
  api_key_type: apiKeyTypeField,
  account_mode: accountModeField,
  /** The exchange restricts the key to whitelisted IPs. */
  ip_restricted: z.boolean(),
  /** Hand back with POST /v4/wallets/exchange (same input) before `expires_at`. */
  check_token: z.string(),
  expires_at: isoTime,
});

export const addExchangeBody = exchangeApiInput.extend({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  remark: text().trim().max(100, 'PARAMS_INVALID_ERROR').optional(),
  viewers: z.array(z.number().int().positive()).max(100).default([]),
  check_token: text().min(1, 'EXCHANGE_CONNECT_TEST_REQUIRED_ERROR').max(200),
});

export const exchangeWalletBody = z.object({ wallet_id: z.number().int().positive() });
export const exchangeWalletQuery = z.object({ wallet_id: z.coerce.number().int().positive() });

/** §3 exchange account item. */
export const exchangeAccountItem = z.object({
  wallet_id: z.number(),
  name: z.string(),
  remark: z.string().nullable(),
  api_key_type: z.number(),
  exchange_id: z.string(),
  exchange_name: z.string(),
  exchange_img_url: z.string().nullable(),
  status: z.number(),
  /** USD value of the last balances read; null when not read yet or a held asset has no price. */
  amount: decimalString.nullable(),
  account_mode: accountModeField,
  ip_whitelist: z.boolean(),
  /** The API key's first and last characters only. */
  api_key: z.string(),
  viewers: z.array(z.number()),
  creator: z.number(),
  ctime: isoTime,
});
export type ExchangeAccountItem = z.infer<typeof exchangeAccountItem>;

export const exchangeListQuery = pageQuery;
export const exchangeListReply = pageOf(exchangeAccountItem);

export const exchangeDeletedReply = z.object({ wallet_id: z.number(), deleted: z.literal(true) });

export const exchangeAssetInfoQuery = z.object({
  wallet_id: z.coerce.number().int().positive(),
  account_type: text().max(32).optional(),
});

export const exchangeAssetLine = z.object({
  account_type: z.string(),
  symbol: z.string(),
  amount: decimalString,
  available_amount: decimalString,
  frozen_amount: decimalString,
  price: decimalString.nullable(),
  value: decimalString.nullable(),
});

export const exchangeAssetInfoReply = z.object({
  wallet_id: z.number(),
  account_types: z.array(z.string()),
  list: z.array(exchangeAssetLine),
  update_time: isoTime,
});

/** §3 exchange asset total. Without wallet_id: every exchange account the caller sees. */
export const exchangeAssetTotalQuery = z.object({
  wallet_id: z.coerce.number().int().positive().optional(),
});

export const exchangeAssetTotalReply = z.object({
  /** USD; null when a held asset has no price (never a made-up 0). */
  total_amount: decimalString.nullable(),
  /** Distinct assets held. */
  total_asset: z.number(),
  update_time: isoTime.nullable(),
  list: z.array(z.object({ wallet_id: z.number(), name: z.string(), amount: decimalString.nullable() })),
});

export const exchangeTransfersQuery = pageQuery.extend({
  wallet_id: z.coerce.number().int().positive(),
  type: z.enum(['deposit', 'withdrawal']).optional(),
});

export const exchangeTransferItem = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  symbol: z.string(),
  amount: decimalString,
  fee: decimalString.nullable(),
  status: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  tx_id: z.string().nullable(),
  time: isoTime.nullable(),
});

export const exchangeTransfersReply = pageOf(exchangeTransferItem);

export const ipConfigReply = listOf(z.string()).extend({
  /** The same addresses, comma-separated, as exchanges' whitelist forms take them. */
  ips: z.string(),
});
