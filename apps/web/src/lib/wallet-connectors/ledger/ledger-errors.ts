import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';
import { WalletError } from '../types';

/** What the Ledger was asked to do: the same status word means different things per step. */
export type LedgerStep = 'connect' | 'sign';

/**
 * Ledger status words (APDU replies; Ledger's `StatusCodes` and the Ethereum app's documentation)
 * and the §8 client message each one shows.
 */
const STATUS_MESSAGES: Record<number, ClientMessageKey> = {
  0x6985: 'wallet_user_reject', // conditions of use not satisfied: denied on the device
  0x5501: 'wallet_user_reject', // user refused on the device (newer firmware)
  0x5515: 'hardware_pin', // device locked
  0x6982: 'hardware_pin', // security status not satisfied: locked or PIN not entered
  0x6e00: 'app_mismatch', // class not supported: another app (or the dashboard) is open
  0x6e01: 'app_mismatch',
  0x6d00: 'app_mismatch', // instruction not supported: an app without this command
  0x6511: 'app_mismatch', // the dashboard is open, no app
  0x6807: 'app_mismatch', // app not installed
  0x6b00: 'hardware_invalid_params',
  0x6700: 'hardware_invalid_params',
};

/**
 * The Tron app's own status words (LedgerHQ/app-tron, app_errors.h): a setting the transaction
 * needs is off, or the path is not one it takes. Each is said with the setting to turn on.
 */
const TRON_STATUS_MESSAGES: Record<number, ClientMessageKey> = {
  0x6a8a: 'hardware_invalid_params', // E_INCORRECT_BIP32_PATH
  0x6a8b: 'allow_transaction_data', // E_MISSING_SETTING_DATA_ALLOWED: "Transactions data" is off
  0x6a8c: 'allow_sign_by_hash', // E_MISSING_SETTING_SIGN_BY_HASH
  0x6a8d: 'allow_transaction_data', // E_MISSING_SETTING_CUSTOM_CONTRACT: "Custom contracts" is off
};

/**
 * The Solana app's own status words (LedgerHQ/app-solana, src/apdu.h). 0x6808 is its answer to a
 * message it cannot show while "Blind signing" is off (a Squads approval, a challenge with line
 * breaks); 0x6a80 a transaction it cannot parse (versioned ones need app 1.4 or later).
 */
const SOLANA_STATUS_MESSAGES: Record<number, ClientMessageKey> = {
  0x6808: 'allow_transaction_data', // ApduReplySdkNotSupported: "Blind signing" is off
  0x6a80: 'hardware_blockchain', // ApduReplySolanaInvalidMessage
  0x6a81: 'hardware_invalid_params', // InvalidMessageHeader: the path's key does not sign it
  0x6a82: 'hardware_invalid_params', // InvalidMessageFormat
  0x6a83: 'hardware_invalid_params', // InvalidMessageSize
};

/**
 * The legacy Bitcoin-family apps' own (Litecoin: LedgerHQ/app-bitcoin, btchip_apdu_constants.h):
 * 0x6a80 is data the app refused (not a setting to turn on), 0x6f00 a fault on the device.
 */
const LEGACY_BITCOIN_STATUS_MESSAGES: Record<number, ClientMessageKey> = {
  0x6a80: 'hardware_invalid_params', // SW_INCORRECT_DATA
  0x6f00: 'hardware_device', // SW_TECHNICAL_PROBLEM
};

/** Which app on the device was asked: some status words are an app's own. */
export type LedgerApp = 'ethereum' | 'tron' | 'solana' | 'litecoin';

const APP_STATUS_MESSAGES: Partial<Record<LedgerApp, Record<number, ClientMessageKey>>> = {
  tron: TRON_STATUS_MESSAGES,
  solana: SOLANA_STATUS_MESSAGES,
  litecoin: LEGACY_BITCOIN_STATUS_MESSAGES,
};

/** Failures raised by the transport itself, by error name (@ledgerhq/errors). */
const NAMED_MESSAGES: Record<string, ClientMessageKey> = {
  TransportOpenUserCancelled: 'no_device', // the browser's device chooser closed without a choice
  NotFoundError: 'no_device',
  TransportRaceCondition: 'ledger_busy', // another request is still waiting on the device
  DisconnectedDevice: 'hardware_connection',
  DisconnectedDeviceDuringOperation: 'hardware_connection',
  TransportInterfaceNotAvailable: 'hardware_connection',
  NetworkError: 'hardware_connection',
  NotAllowedError: 'hardware_permission', // WebHID refused (no user gesture, policy, or denied)
  SecurityError: 'hardware_permission',
  LockedDeviceError: 'hardware_pin',
};

/**
 * Maps a Ledger failure onto a §8 client message. 0x6a80 (incorrect data) while signing is the
 * Ethereum app refusing a hash it cannot show: "blind signing" must be enabled in its settings
 * (older Tron apps answer it too for data or a contract call their settings do not allow).
 */
export function ledgerError(error: unknown, step: LedgerStep, app: LedgerApp = 'ethereum'): WalletError {
  if (error instanceof WalletError) return error;
  const record = (typeof error === 'object' && error ? error : {}) as {
    name?: unknown;
    statusCode?: unknown;
    message?: unknown;
  };
  const detail = typeof record.message === 'string' ? record.message : String(error);
  if (typeof record.statusCode === 'number') {
    const own = APP_STATUS_MESSAGES[app]?.[record.statusCode];
    if (own) return new WalletError(own, detail);
    if (record.statusCode === 0x6a80)
      return new WalletError(step === 'sign' ? 'allow_transaction_data' : 'hardware_invalid_params', detail);
    return new WalletError(STATUS_MESSAGES[record.statusCode] ?? 'hardware_other', detail);
  }
  const named = typeof record.name === 'string' ? NAMED_MESSAGES[record.name] : undefined;
  return new WalletError(named ?? 'hardware_unknown', detail);
}
