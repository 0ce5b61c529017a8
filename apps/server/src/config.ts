import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at boot.
 * The README's configuration table mirrors this file.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on');

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** scheme://host[:port|:*], nothing after: what a CSP source may name for a framed Dapp. */
const FRAME_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Keystead <no-reply@keystead.local>'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key of the audit log's keyed hashes and signed checkpoints; kept outside the database. */
  AUDIT_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEVNET: booleanFlag.default(true),
  DEVNET_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
  REQUIRE_INVITE: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(3 * 1024 * 1024),
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Bitcoin-family JSON-RPC endpoints (Bitcoin Core compatible, credentials in the URL). */
  BTC_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  LTC_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  BCH_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /** Tron full-node HTTP API (mainnet and the Nile testnet), e.g. https://api.trongrid.io. */
  TRON_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  TRON_NILE_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /**
   * XRP Ledger servers (rippled or Clio): http(s):// for JSON-RPC or ws(s):// for the WebSocket
   * API, e.g. https://xrplcluster.com or wss://s.altnet.rippletest.net:51233 (testnet).
   */
  XRPL_RPC_URL: z
    .string()
    .regex(/^(https?|wss?):\/\//, 'must be an http(s) or ws(s) URL')
    .optional(),
  XRPL_TESTNET_RPC_URL: z
    .string()
    .regex(/^(https?|wss?):\/\//, 'must be an http(s) or ws(s) URL')
    .optional(),
  /** Solana JSON-RPC endpoints (mainnet and the public devnet cluster), e.g. https://api.mainnet-beta.solana.com. */
  SOLANA_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  SOLANA_DEVNET_RPC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /**
   * Key that encrypts the platform-held fee-payer keys at rest (AES-256-GCM); at least 32
   * characters. Outside production a fixed development key is used when it is unset.
   */
  PAYMENT_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sent as TRON-PRO-API-KEY to hosted Tron providers (TronGrid); kept out of logs. */
  TRON_API_KEY: z.string().min(1).optional(),
  BALANCE_REFRESH_SECONDS: z.coerce.number().int().min(5).max(86_400).default(30),
  /** USD prices by symbol over the built-in table, e.g. {"ETH":"3150.5"}. */
  PRICE_TABLE_JSON: z
    .string()
    .refine(isJsonObject, 'must be a JSON object of symbol to decimal price, e.g. {"ETH":"3150.5"}')
    .optional(),
  /** A CoinGecko-compatible price API (…/simple/price, …/exchange_rates); unset: the table only. */
  PRICE_API_URL: z.string().url().optional(),
  PRICE_API_KEY: z.string().min(1).optional(),
  /** CoinGecko coin ids by symbol over the built-in ones, e.g. {"ARB":"arbitrum"}. */
  PRICE_API_IDS_JSON: z
    .string()
    .refine(isJsonObject, 'must be a JSON object of symbol to coin id')
    .optional(),
  PRICE_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** The platform's EVM address receiving subscription payments in USDT (unset: devnet only). */
  SUBSCRIPTION_PAY_TO: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address (0x and 40 hex digits)')
    .optional(),
  /** The platform's receiving address for subscriptions paid in TRC20 USDT on Tron (base58, T…). */
  SUBSCRIPTION_PAY_TO_TRON: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a Tron address (base58, T and 33 characters)')
    .optional(),
  /** Blocks on top of a payment before it is credited (a local devnet counts its own block). */
  SUBSCRIPTION_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** Stripe secret key (sk_…): card payments of subscription orders are offered only when set; never logged. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret (whsec_…) of the Stripe webhook endpoint …/subscription/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Base URL of the Stripe API (unset: https://api.stripe.com); a local stand-in in tests. */
  STRIPE_API_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /**
   * Master key sealing the exchange accounts' per-record data keys (API key, secret, passphrase);
   * at least 32 characters. Required in production; outside it a fixed development key is used.
   */
  EXCHANGE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The master key being rotated out: data keys sealed by it are still opened (and re-sealed). */
  EXCHANGE_SECRET_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The platform's outgoing IP addresses, comma-separated, for users to whitelist at the exchange. */
  EXCHANGE_EGRESS_IPS: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'must be comma-separated IP addresses')
    .optional(),
  /** Use the exchanges' testnets (ccxt sandbox mode) for every exchange account. */
  EXCHANGE_SANDBOX: booleanFlag.default(false),
  /**
   * Base URLs by ccxt exchange id replacing the exchanges' own hosts, e.g. {"binance":"http://127.0.0.1:9000"}:
   * tests point ccxt at a local exchange stand-in. Refused in production.
   */
  EXCHANGE_API_URLS_JSON: z
    .string()
    .refine(isJsonObject, 'must be a JSON object of exchange id to base URL')
    .optional(),
  /** How long one request to an exchange may take before it counts as a network failure. */
  EXCHANGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long balances read from an exchange are reused before the next read asks again. */
  EXCHANGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How often a claimed job re-reads exchange accounts' balances whose last read is older than
   * this (0 = only when someone reads them); each exchange gets at most its table's share a run.
   */
  EXCHANGE_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How often wallets whose balances changed get today's asset snapshot (and new days theirs). */
  SNAPSHOT_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Local regtest nodes only, never in production: mine a block this often when transactions wait
   * (0 = never; tests that watch a mempool turn it off).
   */
  REGTEST_AUTOMINE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * Replies against their declared response schemas: off (send as is), warn (log each mismatch),
   * fail (a mismatch is a 500 naming it). Default: fail when NODE_ENV=test, off otherwise.
   */
  REPLY_SCHEMA_CHECK: z.enum(['off', 'warn', 'fail']).optional(),
  /**
   * Extra origins the /dapp page may frame besides any https one (CSP frame-src), comma-separated,
   * e.g. a Safe App served over http on this machine: http://127.0.0.1:5555 (a port of * allows any).
   */
  DAPP_FRAME_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every((origin) => FRAME_ORIGIN.test(origin)), {
      message: 'comma-separated origins such as http://127.0.0.1:5555 (scheme, host, optional port or *)',
    }),
  /**
   * WalletConnect (the /dapp page pairs with Dapps through its relay): the project id from
   * WalletConnect's cloud; without one WalletConnect is hidden.
   */
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'the project id WalletConnect gave (letters and digits)')
    .optional(),
  /** The relay the page's WalletConnect client talks to (allowed in the CSP's connect-src). */
  WALLETCONNECT_RELAY_URL: z
    .string()
    .regex(
      /^wss?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/,
      'a ws:// or wss:// origin, e.g. wss://relay.walletconnect.org',
    )
    .default('wss://relay.walletconnect.org'),
  /** Fault injection for the exactly-once broadcast test: SIGKILL right after a relay send. */
  FAULT_KILL_AFTER_BROADCAST_SEND: booleanFlag.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface EvmRpcSetting {
  chainId: number;
  rpcUrl: string;
}

export interface AppConfig extends Omit<
  Env,
  'APP_SECRET' | 'AUDIT_HMAC_KEY' | 'REPLY_SCHEMA_CHECK' | 'PAYMENT_MASTER_KEY' | 'EXCHANGE_SECRET_KEY'
> {
  /** EXCHANGE_SECRET_KEY, or the fixed development key outside production (exchange credentials at rest). */
  exchangeSecretKey: string;
  appSecret: string;
  /** PAYMENT_MASTER_KEY, or the fixed development key outside production (fee-payer keys at rest). */
  paymentMasterKey: string;
  /** AUDIT_HMAC_KEY, or the fixed development key outside production. */
  auditKey: string;
  /** How replies are checked against their response schemas (plugins/reply-serializer.ts). */
  replySchemaCheck: 'off' | 'warn' | 'fail';
  dataDir: string;
  isProduction: boolean;
  /** Cookies carry Secure when the public address is https (derived from PUBLIC_URL). */
  secureCookies: boolean;
  /** EVM_RPC_URL_<chainId> variables: configured chains replace the local devnet. */
  evmRpcUrls: EvmRpcSetting[];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A development secret is derived so a fresh clone starts; production must set APP_SECRET. */
const DEVELOPMENT_SECRET = 'keystead-development-secret-do-not-use-in-production';
/** Likewise the audit key (README): fixed, public, so development chains verify across restarts. */
export const DEVELOPMENT_AUDIT_KEY = 'keystead-development-audit-key-do-not-use-in-production';
/** And the fee-payer keys' master key: development only, refused in production with a Solana chain. */
const DEVELOPMENT_PAYMENT_KEY = 'keystead-development-payment-key-do-not-use-in-production';
/** And the exchange credentials' master key: development only, required in production. */
const DEVELOPMENT_EXCHANGE_KEY = 'keystead-development-exchange-key-do-not-use-in-production';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const evmRpcUrls: EvmRpcSetting[] = [];
  for (const [key, value] of Object.entries(source)) {
    const match = /^EVM_RPC_URL_(\d+)$/.exec(key);
    if (!match || !value) continue;
    if (!/^https?:\/\//.test(value)) problems.push(`${key}: must be an http(s) URL`);
    else evmRpcUrls.push({ chainId: Number(match[1]), rpcUrl: value });
  }
  if (
    parsed.success &&
    parsed.data.NODE_ENV === 'production' &&
    parsed.data.FAULT_KILL_AFTER_BROADCAST_SEND
  ) {
    problems.push('FAULT_KILL_AFTER_BROADCAST_SEND: a test-only switch, refused when NODE_ENV=production');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.APP_SECRET) {
    problems.push('APP_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.AUDIT_HMAC_KEY) {
    problems.push(
      'AUDIT_HMAC_KEY: required when NODE_ENV=production (at least 32 random characters, kept outside the database)',
    );
  }
  // Every space may create EVM payment addresses (and Solana fee payers): their keys are sealed with it.
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.PAYMENT_MASTER_KEY) {
    problems.push(
      'PAYMENT_MASTER_KEY: required when NODE_ENV=production (seals the payment addresses’ keys)',
    );
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.EXCHANGE_SECRET_KEY) {
    problems.push(
      'EXCHANGE_SECRET_KEY: required when NODE_ENV=production (seals the exchange accounts’ API secrets)',
    );
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.EXCHANGE_API_URLS_JSON) {
    problems.push('EXCHANGE_API_URLS_JSON: a test-only switch, refused when NODE_ENV=production');
  }
  if (parsed.success && parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (card payments are credited by the webhook)',
    );
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const { REPLY_SCHEMA_CHECK, AUDIT_HMAC_KEY, PAYMENT_MASTER_KEY, EXCHANGE_SECRET_KEY, ...env } = parsed.data;
  return {
    ...env,
    appSecret: env.APP_SECRET ?? DEVELOPMENT_SECRET,
    auditKey: AUDIT_HMAC_KEY ?? DEVELOPMENT_AUDIT_KEY,
    paymentMasterKey: PAYMENT_MASTER_KEY ?? DEVELOPMENT_PAYMENT_KEY,
    exchangeSecretKey: EXCHANGE_SECRET_KEY ?? DEVELOPMENT_EXCHANGE_KEY,
    replySchemaCheck: REPLY_SCHEMA_CHECK ?? (env.NODE_ENV === 'test' ? 'fail' : 'off'),
    dataDir: path.resolve(env.DATA_DIR),
    isProduction: env.NODE_ENV === 'production',
    secureCookies: Boolean(env.PUBLIC_URL?.startsWith('https://')),
    evmRpcUrls,
  };
}
