import { WalletError, type Address, type WalletConnector } from './types';

/**
 * The highest index a custom path may use at each level below purpose and coin type (§5 "custom
 * derivation path offset has a limit"). Wallets look for a few dozen accounts at most (BIP-44's
 * gap limit is 20), so a larger index is almost always a typo; the bound also keeps every key a
 * team may register within a search of 0…1000 per level should its recorded path be lost.
 */
export const CUSTOM_PATH_INDEX_MAX = 1000;

/** The path shape the server stores with a signer (the contract's `addSignerBody.path`). */
const PATH_SHAPE = /^m(\/\d{1,10}'?){1,8}$/;
/** Purpose (44') and coin type (60'): levels a scheme fixes; the limit counts from the next one. */
const FIXED_LEVELS = 2;
/** BIP-32 indexes have 31 bits; the 32nd marks a hardened level. */
const BIP32_INDEX_END = 2 ** 31;

/** The account layouts a user may give an index in: the ones the device connectors list. */
export type AccountScheme = 'bip44' | 'legacy' | 'live';

export const SCHEME_PATHS: Record<AccountScheme, (index: number | string) => string> = {
  bip44: (index) => `m/44'/60'/0'/0/${index}`,
  legacy: (index) => `m/44'/60'/0'/${index}`,
  live: (index) => `m/44'/60'/${index}'/0/0`,
};

/** An account the user asks a device for: a whole path, or an index in one of the schemes. */
export type CustomPathRequest = { path: string } | { scheme: AccountScheme; index: number };

/** `custom_path_limit`, with the {max} its client message shows. */
export class CustomPathLimitError extends WalletError {
  readonly params = { max: CUSTOM_PATH_INDEX_MAX };

  constructor(detail: string) {
    super('custom_path_limit', detail);
  }
}

const indexesOf = (path: string) =>
  path
    .split('/')
    .slice(1)
    .map((level) => Number.parseInt(level, 10));

/** A path of the shape the server accepts whose indexes fit BIP-32 (the limit is not checked). */
export function isDerivationPath(path: string): boolean {
  return PATH_SHAPE.test(path) && indexesOf(path).every((index) => index < BIP32_INDEX_END);
}

/**
 * The path a request names, checked before any device is asked: not a path is
 * `hardware_invalid_params`, an index above CUSTOM_PATH_INDEX_MAX is `custom_path_limit`.
 */
export function customAccountPath(request: CustomPathRequest): string {
  const path = 'path' in request ? request.path.trim() : SCHEME_PATHS[request.scheme](request.index);
  if (!isDerivationPath(path)) throw new WalletError('hardware_invalid_params', `not a path: ${path}`);
  const over = indexesOf(path)
    .slice(FIXED_LEVELS)
    .find((index) => index > CUSTOM_PATH_INDEX_MAX);
  if (over !== undefined) throw new CustomPathLimitError(`${path}: index ${over} > ${CUSTOM_PATH_INDEX_MAX}`);
  return path;
}

/** What the Ledger, Trezor and OneKey connectors add to WalletConnector: one more account, at a path the user names. */
export interface CustomPathAccounts {
  /**
   * Asks the device for the account at the request's path (checked first), adds it to `accounts`
   * with its path as label, so it can sign, and resolves its address.
   */
  addCustomAccount(request: CustomPathRequest): Promise<Address>;
}

export function hasCustomPaths<T extends WalletConnector>(connector: T): connector is T & CustomPathAccounts {
  return typeof (connector as Partial<CustomPathAccounts>).addCustomAccount === 'function';
}
