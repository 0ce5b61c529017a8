import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';
import { WalletError } from '../types';

/**
 * Trezor Connect's error codes (`payload.code` of a failed call; the device's own failures are
 * `Failure_*`) and the §8 client message each one shows.
 */
const CODE_MESSAGES: Record<string, ClientMessageKey> = {
  Failure_ActionCancelled: 'wallet_user_reject', // refused on the device
  Method_Cancel: 'wallet_user_reject', // cancelled in Trezor's window
  Method_Interrupted: 'wallet_user_reject', // Trezor's window closed
  Failure_PinCancelled: 'hardware_pin',
  Failure_PinInvalid: 'hardware_pin',
  Failure_PinMismatch: 'hardware_pin',
  Device_NotFound: 'no_device',
  Transport_Missing: 'no_device', // neither Trezor Bridge nor WebUSB reached a device
  Device_Disconnected: 'hardware_connection',
  Init_IframeBlocked: 'hardware_connection',
  Init_IframeTimeout: 'hardware_connection',
  Popup_ConnectionMissing: 'hardware_connection',
  Method_PermissionsNotGranted: 'hardware_permission',
  Method_NotAllowed: 'hardware_permission',
  Failure_DataError: 'hardware_invalid_params',
  Method_InvalidParameter: 'hardware_invalid_params',
  Method_UnknownCoin: 'hardware_blockchain', // a coin this Connect does not know
  Backend_NotSupported: 'hardware_blockchain', // no backend for the previous transactions (Regtest)
  Device_CallInProgress: 'hardware_device',
  Device_InvalidState: 'hardware_device',
};

/** A failed Trezor Connect call as a §8 client message; unknown codes are the device's "other". */
export function trezorError(payload: { error?: string; code?: string }): WalletError {
  const known = payload.code ? CODE_MESSAGES[payload.code] : undefined;
  return new WalletError(known ?? (payload.code ? 'hardware_other' : 'hardware_unknown'), payload.error);
}
