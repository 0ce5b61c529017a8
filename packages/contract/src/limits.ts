/** Business constants and limits of spec §9 (with the §5 rules they back), shared by server and web. */

// Codes and credentials
export const RESEND_COUNTDOWN_SECONDS = 60;
/** E-mail and authenticator codes are 6 digits. */
export const VERIFY_CODE_LENGTH = 6;
export const INVITE_CODE_LENGTH = 16;
/** Wrong second-factor codes allowed before the login is thrown away (§4 Login). */
export const MAX_LOGIN_CODE_ATTEMPTS = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound the server accepts (not in the spec; keeps hashing bounded). */
export const PASSWORD_MAX_LENGTH = 128;
/** Upper case, lower case, digit, symbol. */
export const PASSWORD_CHARACTER_CLASSES = 4;
export const EMAIL_MAX_LENGTH = 254;

// Names, texts, files
export const SPACE_NAME_MIN_LENGTH = 1;
export const SPACE_NAME_MAX_LENGTH = 30;
export const DEFAULT_SPACE_NAME = 'my space';
/** Description / remark must be under 100 characters. */
export const DESCRIPTION_MAX_LENGTH = 99;
export const USERNAME_MIN_LENGTH = 1;
export const USERNAME_MAX_LENGTH = 30;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024; // 2097152
export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'bmp'] as const;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'] as const;
export const BATCH_CSV_MAX_BYTES = 5 * 1024 * 1024;

// Paging
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const WALLET_PAGE_SIZE = 100;
export const MEMBER_PAGE_SIZE = 10;
export const LOGIN_HISTORY_SIZE = 10;

// Wallets and people
export const PRESIGNED_TRANSFERS_MAX = 10;
export const VIEWERS_MAX = 5;
export const RISK_CONTROL_USERS_MAX = 5;
export const PLATFORM_API_KEYS_PER_WALLET = 1;
export const BTC_MULTISIG_MAX_SIGNERS = 16;
export const TRIAL_MAX_WALLETS = 3;
export const TRIAL_MAX_EXCHANGE_APIS = 1;
/** Suggested multisig sizes: threshold of signers. */
export const MULTISIG_PRESETS = {
  personal: { threshold: 2, signers: 3 },
  business: { threshold: 3, signers: 5 },
} as const;
export const DEFAULT_RECORD_DURATION_MONTHS = 1;
export const DEFAULT_HISTORICAL_DURATION_MONTHS = 1;
export const ORG_NUMBER = 4;
export const SUPPORTED_MAIN_CHAIN_COUNT = 13;
export const FREE_PLAN_CHAINS = ['bitcoin', 'ethereum', 'tron'] as const;

// Amounts (decimal strings, never floats)
export const MIN_TRANSFER_AMOUNT_FORM = '0.00001';
export const MIN_TRANSFER_AMOUNT_SERVER = '0.000001';
export const HIDE_SMALL_AMOUNT_USDT = 1;
export const HIDE_SMALL_ASSET_USD = 1;
export const DISPLAY_DECIMALS = 2;
/** Numbers are shown without exponent up to this magnitude. */
export const PLAIN_NUMBER_MAX = 1e100;

// Fees and chains
export const FEE_REFRESH_INTERVAL_MS = 30_000;
export const FEE_UNITS = { bitcoinLike: 'sat/b', evm: 'Gwei' } as const;
export const TRON_SIGN_TIMEOUT_MS = 24 * 60 * 60 * 1000;
export const TRON_ACTIVATION_TRX = 200;
export const TRON_ACTIVATION_DEPOSIT_RANGE_TRX = { min: 150, max: 200 } as const;
export const TRON_PERMISSION_UPDATE_TRX = 100;
export const XRP_ACTIVATION_RESERVE = 13;

// Time-based rules
export const INACTIVITY_TAG_DAYS = 30;
export const SUCCESSION_AFTER_DAYS = 90;
export const VIP_EXTENSION_DAYS = 3;
/** Emergency recovery's on-chain delay: at least a day for the owners to see and veto it, at most a year. */
export const RECOVERY_COOLDOWN_HOURS = { min: 24, max: 24 * 365, default: 24 * 7 } as const;
/** How long a queued recovery stays executable after its delay (0: until vetoed or run). */
/**
 * Bitcoin family's recovery path: blocks a coin must be old before the recovery key alone spends
 * it. BIP-68 block locks hold 16 bits; the default is about 30 days of Bitcoin blocks.
 */
export const TIMELOCK_RECOVERY_BLOCKS = { min: 1, max: 0xffff, default: 4320 } as const;

export const RECOVERY_EXPIRATION_HOURS_MAX = 24 * 365;
/**
 * The companion phone signer: a pairing code lives two minutes and works once; a phone's session
 * may only sign (routes marked `phone`), so it lives longer than a browser's before pairing again.
 */
export const PHONE_PAIRING = {
  codeSeconds: 120,
  pairAttemptsPerIpPer15Min: 20,
  sessionIdleDays: 7,
  sessionAbsoluteDays: 30,
} as const;
export const PAYMENT_CREDIT_MINUTES = { min: 1, max: 20 } as const;
export const VIP_PAYMENT_NETWORKS = ['ERC20', 'TRC20'] as const;

// Client behaviour
export const REQUEST_TIMEOUT_MS = 40_000;
export const ANALYTICS_TIMEOUT_MS = 5_000;
export const AUTH_FAILURE_REDIRECT_DELAY_MS = 1_000;
export const CAPTCHA_MODAL_WIDTH = 350;
export const CAPTCHA_IMAGE_WIDTH = 220;
export const CAPTCHA_INPUT_FOCUS_DELAY_MS = 400;
export const CHART_RANGES = ['7D', '30D', '90D', '1Y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_RANGE_DAYS: Record<ChartRange, number> = { '7D': 7, '30D': 30, '90D': 90, '1Y': 365 };
export const TIME_RANGE_FILTERS = ['1w', '3w', '1m'] as const;
export type TimeRangeFilter = (typeof TIME_RANGE_FILTERS)[number];

// Password and e-mail rules (§5), one definition for server and web

/** 8+ characters with an upper-case letter, a lower-case letter, a digit and a symbol. */
export const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,128}$/s;

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  symbol: boolean;
  ok: boolean;
}

/** Each requirement separately, for the popover that turns rules green as they are met. */
export function checkPassword(password: string): PasswordCheck {
  const result = {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
  return { ...result, ok: Object.values(result).every(Boolean) };
}

/**
 * A practical address check: a dot-atom local part, a domain of hostname labels and a
 * top-level domain of at least two letters.
 */
export const EMAIL_RULE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return EMAIL_RULE.test(value);
}
