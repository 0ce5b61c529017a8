import { z } from 'zod';
import { pageQuery, sixDigitCode, text } from './common';
import { decimalString, isoTime, listOf, pageOf } from './reply';

/**
 * Exchange risk control and the platform API ("escrow", §1 "exchange risk control with a platform
 * API", §3 risk-control rule and platform API key, §4 risk strategy status and key start/pause,
 * §7 the /v4/escrow calls and /sign/hmac). A team's trading bot sends orders to the platform, not
 * to the exchange: each is checked against the exchange account's rules and only then placed
 * with the account's own key.
 */

/** §3 risk-control trade categories. Perpetual-type (the contract leverage cap applies): 2, 13, 16, 19. */
export const TRADE_CATEGORIES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100,
] as const;
export type TradeCategory = (typeof TRADE_CATEGORIES)[number];
export const PERPETUAL_CATEGORIES: readonly number[] = [2, 13, 16, 19];
/**
 * The categories whose orders the platform places today: spot 1 (limit price) and 8 (market
 * price), and 2 perpetual (linear USDⓈ-margined swaps, its leverage set at the exchange first).
 */
export const PLACEABLE_CATEGORIES: readonly number[] = [1, 8, 2];

/** §3 tactic_type: what a rule's `symbols` whitelist names. */
export const TacticType = { Pairs: 1, Coins: 2 } as const;
/** §4 risk strategy status. */
export const StrategyStatus = { Effective: 1, Failed: 2, Setting: 3 } as const;
/** §4 platform API key: start or pause. */
export const PlatformKeyStatus = { Started: 1, Paused: 2 } as const;

/** §9 platform API keys per exchange wallet. */
export const MAX_PLATFORM_API_KEYS = 1;
/** The largest limit a rule takes (coin or USDT): anything above is a typo, not a limit. */
export const MAX_RULE_LIMIT = '1000000000000';
export const MAX_CONTRACT_LEVER = 125;

const walletId = z.number().int().positive();
const walletQuery = z.object({ wallet_id: z.coerce.number().int().positive() });

/** A non-negative decimal of at most 18 places, not above MAX_RULE_LIMIT; null or absent = no limit. */
const limit = text()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR')
  .refine((value) => Number(value) <= Number(MAX_RULE_LIMIT), 'PARAMS_INVALID_ERROR')
  .nullable()
  .optional();

/** A pair as ccxt names it (BASE/QUOTE) or a coin, upper case. */
const symbol = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}(\/[A-Z0-9]{1,20})?$/, 'PARAMS_INVALID_ERROR');

/** One trade category's rule (§3: whitelisted pairs or coins, per-order maxima, limits, lever). */
export const riskRuleInput = z.object({
  trade_category: z.union(TRADE_CATEGORIES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<1>]),
  /** Pairs (tactic 1) or coins (tactic 2) allowed; empty = none allowed. */
  symbols: z.array(symbol).max(200, 'PARAMS_INVALID_ERROR'),
  /** Largest single order, in the base coin and in USDT. */
  max_order_amount: limit,
  max_order_usdt: limit,
  /** Bought or sold within the window (settings.limit_window_hours), in the base coin and USDT. */
  buy_limit: limit,
  sell_limit: limit,
  buy_limit_usdt: limit,
  sell_limit_usdt: limit,
  borrow_limit: limit,
  /** Leverage cap of perpetual-type categories (2, 13, 16, 19). */
  contract_lever: z.number().int().min(1).max(MAX_CONTRACT_LEVER).nullable().optional(),
});
export type RiskRuleInput = z.infer<typeof riskRuleInput>;

/** POST /escrow/risk-control-rules: the account's whole strategy (one rule per category), replaced. */
export const saveRiskRulesBody = z.object({
  wallet_id: walletId,
  tactic_type: z.union([z.literal(1), z.literal(2)]),
  rules: z.array(riskRuleInput).min(1, 'PARAMS_REQUIRED_ERROR').max(TRADE_CATEGORIES.length),
  email_code: sixDigitCode,
});

export const deleteRiskRuleBody = z.object({
  wallet_id: walletId,
  trade_category: z.number().int(),
  email_code: sixDigitCode,
});

export const leverBody = z.object({
  wallet_id: walletId,
  trade_category: z.number().int(),
  contract_lever: z.number().int().min(1).max(MAX_CONTRACT_LEVER),
  email_code: sixDigitCode,
});

export const riskRule = riskRuleInput.extend({
  trade_category: z.number(),
  symbols: z.array(z.string()),
  max_order_amount: decimalString.nullable(),
  max_order_usdt: decimalString.nullable(),
  buy_limit: decimalString.nullable(),
  sell_limit: decimalString.nullable(),
  buy_limit_usdt: decimalString.nullable(),
  sell_limit_usdt: decimalString.nullable(),
  borrow_limit: decimalString.nullable(),
  contract_lever: z.number().nullable(),
  /** Accepted (and pending) orders within the window, for the limits. */
  used: z.object({
    bought: decimalString,
    sold: decimalString,
    bought_usdt: decimalString,
    sold_usdt: decimalString,
  }),
});
export type RiskRule = z.infer<typeof riskRule>;

const person = z.object({ id: z.number(), name: z.string() });

/**
 * A risk-control change waiting for the account's approvers (maker-checker): what applying it
 * writes (`change`, per `operation`), who proposed it, the approvals so far and who may act.
 */
export const riskChangeItem = z.object({
  id: z.number(),
  operation: z.enum(['risk_rules_save', 'risk_rule_delete', 'risk_lever', 'risk_settings']),
  change: z.record(z.string(), z.unknown()),
  proposed_by: person,
  created_at: isoTime,
  approval_threshold: z.number(),
  /** The approvers who may decide (the proposer is not one of them). */
  approvers: z.array(person),
  votes: z.array(
    z.object({ user: person, result: z.number(), comment: z.string().nullable(), created_at: isoTime }),
  ),
  can_vote: z.boolean(),
  can_revoke: z.boolean(),
});
export type RiskChangeItem = z.infer<typeof riskChangeItem>;

export const riskRulesReply = z.object({
  wallet_id: z.number(),
  /** null until a strategy is saved: every order is refused until then. */
  tactic_type: z.number().nullable(),
  status: z.number().nullable(),
  rules: z.array(riskRule),
  updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  updated_at: isoTime.nullable(),
  /** The caller is one of the account's risk-control users (may change the rules). */
  can_manage: z.boolean(),
  /** Changes need this many of these approvers (threshold 0: a change applies at once). */
  approval: z.object({ threshold: z.number(), approvers: z.array(person) }),
  pending_change: riskChangeItem.nullable(),
});

/** POST /escrow/risk-control-rules/changes/approve: 1 approve, 2 reject (§3 approval result). */
export const riskChangeVoteBody = z.object({
  wallet_id: walletId,
  change_id: z.number().int().positive(),
  result: z.union([z.literal(1), z.literal(2)]),
  comment: text().trim().max(200, 'PARAMS_INVALID_ERROR').optional(),
  /** The authenticator code, when the space asks it of approvers (as for transfers). */
  mfa_code: sixDigitCode.optional(),
});
export const riskChangeRevokeBody = z.object({
  wallet_id: walletId,
  change_id: z.number().int().positive(),
});

export const riskSettingsBody = z.object({
  wallet_id: walletId,
  /** The rolling window of the buy/sell limits. */
  limit_window_hours: z.number().int().min(1).max(720),
  email_code: sixDigitCode,
});
export const riskSettingsReply = z.object({
  wallet_id: z.number(),
  limit_window_hours: z.number(),
  risk_control_users: z.array(z.object({ id: z.number(), name: z.string() })),
  max_risk_control_users: z.number(),
});

/** One IPv4 or IPv6 address, or a CIDR range of one. */
const ipEntry = text()
  .trim()
  .max(64)
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'PARAMS_INVALID_ERROR');

export const escrowSettingsBody = z.object({
  wallet_id: walletId,
  /** The bots' addresses; empty = any address (the key and signature still apply). */
  ip_whitelist: z.array(ipEntry).max(20, 'PARAMS_INVALID_ERROR'),
  /** How far a request's timestamp may be from the server's clock. */
  timestamp_window_seconds: z.number().int().min(5).max(60),
  email_code: sixDigitCode,
});
export const escrowSettingsReply = z.object({
  wallet_id: z.number(),
  ip_whitelist: z.array(z.string()),
  timestamp_window_seconds: z.number(),
});

export const platformApiKeyItem = z.object({
  id: z.number(),
  wallet_id: z.number(),
  /** The public key id bots send as KS-API-KEY. */
  api_key: z.string(),
  description: z.string(),
  status: z.number(),
  creator: z.object({ id: z.number(), name: z.string() }),
  ctime: isoTime,
  last_used_at: isoTime.nullable(),
});
export type PlatformApiKeyItem = z.infer<typeof platformApiKeyItem>;

export const apiKeysQuery = walletQuery;
export const apiKeysReply = listOf(platformApiKeyItem);
export const createApiKeyBody = z.object({
  wallet_id: walletId,
  description: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(100, 'PARAMS_INVALID_ERROR'),
  email_code: sixDigitCode,
});
/** The secret is in this reply only: it is never shown again. */
export const createdApiKeyReply = platformApiKeyItem.extend({ secret: z.string() });
export const updateApiKeyBody = z.object({
  id: z.number().int().positive(),
  status: z.union([z.literal(1), z.literal(2)]).optional(),
  description: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(100, 'PARAMS_INVALID_ERROR').optional(),
});
export const deleteApiKeyBody = z.object({ id: z.number().int().positive() });
export const apiKeyInfoQuery = z.object({ id: z.coerce.number().int().positive() });
/** One key and how to sign with it (the HMAC scheme below, for the bot's author). */
export const apiKeyInfoReply = platformApiKeyItem.extend({
  signing: z.object({
    headers: z.array(z.string()),
    string_to_sign: z.string(),
    algorithm: z.string(),
    timestamp_window_seconds: z.number(),
    endpoint: z.string(),
  }),
});

/** GET /escrow: the exchange accounts the caller views, with their platform-API state. */
export const escrowOverviewItem = z.object({
  wallet_id: z.number(),
  name: z.string(),
  exchange_id: z.string(),
  api_key_type: z.number(),
  api_key_status: z.number().nullable(),
  tactic_type: z.number().nullable(),
  strategy_status: z.number().nullable(),
  rules: z.number(),
});
export const escrowOverviewReply = pageOf(escrowOverviewItem);
export const escrowOverviewQuery = pageQuery;

/** GET /escrow/symbol: the exchange's spot pairs (for the whitelist). */
export const escrowSymbolQuery = walletQuery;
export const escrowSymbolReply = listOf(
  z.object({ symbol: z.string(), base: z.string(), quote: z.string() }),
);

export const ESCROW_DECISIONS = ['accepted', 'refused', 'failed', 'pending'] as const;
export const escrowLogQuery = pageQuery.extend({
  wallet_id: z.coerce.number().int().positive().optional(),
  decision: z.enum(ESCROW_DECISIONS).optional(),
});
export const escrowLogItem = z.object({
  id: z.number(),
  wallet_id: z.number(),
  wallet_name: z.string(),
  api_key: z.string().nullable(),
  time: isoTime,
  ip: z.string().nullable(),
  symbol: z.string().nullable(),
  side: z.string().nullable(),
  order_type: z.string().nullable(),
  trade_category: z.number().nullable(),
  amount: decimalString.nullable(),
  price: decimalString.nullable(),
  notional_usdt: decimalString.nullable(),
  decision: z.enum(ESCROW_DECISIONS),
  /** The catalogue code of a refusal or failure. */
  code: z.string().nullable(),
  /** Which limit refused it, e.g. "max_order_usdt", with the limit and the order's value. */
  rule: z.object({ limit: z.string(), max: z.string().nullable(), value: z.string().nullable() }).nullable(),
  exchange_order_id: z.string().nullable(),
});
export type EscrowLogItem = z.infer<typeof escrowLogItem>;
export const escrowLogReply = pageOf(escrowLogItem);

/**
 * The platform API (bots; no session): every request carries
 *   KS-API-KEY: the key id; KS-TIMESTAMP: milliseconds since 1970; KS-NONCE: 16–64 characters
 *   [A-Za-z0-9_-], never used twice; KS-SIGNATURE: hex HMAC-SHA256 under the key's secret of
 *   `${timestamp}\n${nonce}\n${METHOD}\n${path with query}\n${body}` (body: the exact bytes sent,
 *   empty for GET).
 */
export const PLATFORM_API_HEADERS = ['KS-API-KEY', 'KS-TIMESTAMP', 'KS-NONCE', 'KS-SIGNATURE'] as const;
export const PLATFORM_API_STRING_TO_SIGN = '{timestamp}\\n{nonce}\\n{METHOD}\\n{path with query}\\n{body}';

/**
 * POST /api/v1/sign/hmac: an order for the exchange, checked against the rules first. `symbol` as
 * ccxt names it: a spot pair BTC/USDT, or a linear perpetual BTC/USDT:USDT (category 2, with
 * `leverage`; `amount` in the base coin).
 */
export const platformOrderBody = z.object({
  symbol: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,20}\/[A-Z0-9]{1,20}(:[A-Z0-9]{1,20})?$/, 'PARAMS_INVALID_ERROR'),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']),
  amount: text().regex(/^\d{1,13}(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR'),
  price: text()
    .regex(/^\d{1,13}(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR')
    .optional(),
  /** §3 trade category; 1 (limit price) or 8 (market price) by the order type when absent. */
  trade_category: z.number().int().optional(),
  /** Required for perpetual orders: set at the exchange for the symbol before the order. */
  leverage: z.number().int().min(1).max(1000).optional(),
  client_order_id: text().max(36).optional(),
});
export type PlatformOrderBody = z.infer<typeof platformOrderBody>;

export const platformOrderReply = z.object({
  decision: z.literal('accepted'),
  log_id: z.number(),
  exchange_order_id: z.string(),
  status: z.string().nullable(),
  symbol: z.string(),
  side: z.string(),
  type: z.string(),
  amount: decimalString,
  price: decimalString.nullable(),
});

/** GET /api/v1/sign/hmac: the key's own view, to check a bot's signing. */
export const platformWhoamiReply = z.object({
  wallet_id: z.number(),
  exchange_id: z.string(),
  api_key: z.string(),
  status: z.number(),
  server_time: z.number(),
  tactic_type: z.number().nullable(),
  strategy_status: z.number().nullable(),
  trade_categories: z.array(z.number()),
});
