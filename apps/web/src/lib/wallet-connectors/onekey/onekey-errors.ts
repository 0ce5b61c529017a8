import type { ClientMessageKey } from '@keystead/contract/errors/client-messages';
import type { HardwareErrorCode } from '@onekeyfe/hd-shared';
import { WalletError } from '../types';

type CodeName = keyof typeof HardwareErrorCode;

/**
 * Every code of OneKey's SDK (hd-shared's HardwareErrorCode, the `payload.code` of a failed call)
 * with its number and the §8 client message it shows. The type makes the list whole: a code the
 * SDK adds, or a number it changes, fails the typecheck until it is mapped here.
 */
export const ONEKEY_CODE_MESSAGES: {
  [Name in CodeName]: [(typeof HardwareErrorCode)[Name], ClientMessageKey];
} = {
  UnknownError: [0, 'hardware_unknown'],
  // The device and its state.
  DeviceFwException: [101, 'hardware_device'],
  DeviceUnexpectedMode: [102, 'hardware_device'], // not set up, or in another mode
  DeviceListNotInitialized: [103, 'hardware_connection'],
  SelectDevice: [104, 'hardware_device'], // several devices and none chosen
  DeviceNotFound: [105, 'no_device'],
  DeviceInitializeFailed: [106, 'hardware_connection'],
  DeviceInterruptedFromOutside: [107, 'hardware_device'], // busy: another call took the device
  RequiredButInBootloaderMode: [108, 'hardware_device'],
  DeviceInterruptedFromUser: [109, 'wallet_user_reject'],
  DeviceCheckDeviceIdError: [110, 'hardware_device'], // another device than at connect
  DeviceNotSupportPassphrase: [111, 'hardware_device'],
  DeviceCheckPassphraseStateError: [112, 'hardware_device'],
  DeviceNotOpenedPassphrase: [113, 'hardware_device'],
  DeviceOpenedPassphrase: [114, 'hardware_device'],
  DeviceDetectInBootloaderMode: [115, 'hardware_device'],
  NotAllowInBootloaderMode: [116, 'hardware_device'],
  DeviceBusy: [117, 'hardware_device'], // busy: finish or cancel on the device first
  DeviceCheckUnlockTypeError: [118, 'hardware_pin'], // unlocked with another PIN (hidden wallet)
  // The SDK itself, and OneKey's hosted iframe (not used here).
  NotInitialized: [200, 'hardware_connection'],
  IFrameNotInitialized: [300, 'hardware_connection'],
  IFrameAleradyInitialized: [301, 'hardware_connection'],
  IFrameLoadFail: [302, 'hardware_connection'],
  IframeTimeout: [303, 'hardware_connection'],
  IframeBlocked: [304, 'hardware_connection'],
  IframeDistrust: [305, 'hardware_permission'], // the page's origin is not on OneKey's list
  // Calls.
  CallMethodError: [400, 'hardware_other'],
  CallMethodNotResponse: [404, 'hardware_connection'],
  CallMethodInvalidParameter: [405, 'hardware_invalid_params'],
  FirmwareUpdateDownloadFailed: [406, 'hardware_device'],
  CallMethodNeedUpgradeFirmware: [407, 'hardware_blockchain'], // this firmware cannot do it yet
  CallMethodDeprecated: [408, 'hardware_blockchain'],
  FirmwareUpdateLimitOneDevice: [409, 'hardware_device'],
  FirmwareUpdateManuallyEnterBoot: [410, 'hardware_device'],
  FirmwareUpdateAutoEnterBootFailure: [411, 'hardware_device'],
  NewFirmwareUnRelease: [412, 'hardware_device'],
  UseDesktopToUpdateFirmware: [413, 'hardware_device'],
  NewFirmwareForceUpdate: [414, 'hardware_device'],
  DeviceNotSupportMethod: [415, 'hardware_blockchain'],
  ForbiddenKeyPath: [416, 'hardware_invalid_params'], // a path the firmware refuses
  RepeatUnlocking: [417, 'hardware_pin'],
  DefectiveFirmware: [418, 'hardware_device'],
  NetworkError: [500, 'hardware_connection'],
  // Transports: WebUSB, OneKey Bridge (a local HTTP service), low-level.
  TransportNotConfigured: [600, 'hardware_connection'],
  TransportCallInProgress: [601, 'hardware_device'], // busy: a request is still waiting
  TransportNotFound: [602, 'hardware_connection'], // OneKey Bridge not reachable
  TransportInvalidProtobuf: [603, 'hardware_device'],
  // Bluetooth (OneKey's apps; a page does not use it).
  BleScanError: [700, 'hardware_connection'],
  BlePermissionError: [701, 'hardware_permission'],
  BleLocationError: [702, 'hardware_permission'],
  BleRequiredUUID: [703, 'hardware_connection'],
  BleConnectedError: [704, 'hardware_connection'],
  BleDeviceNotBonded: [705, 'hardware_connection'],
  BleServiceNotFound: [706, 'hardware_connection'],
  BleCharacteristicNotFound: [707, 'hardware_connection'],
  BleMonitorError: [708, 'hardware_connection'],
  BleCharacteristicNotifyError: [709, 'hardware_connection'],
  BleWriteCharacteristicError: [710, 'hardware_connection'],
  BleAlreadyConnected: [711, 'hardware_connection'],
  BleLocationServicesDisabled: [712, 'hardware_permission'],
  BleTimeoutError: [713, 'hardware_connection'],
  BleForceCleanRunPromise: [714, 'hardware_connection'],
  BleDeviceBondError: [715, 'hardware_connection'],
  BleCharacteristicNotifyChangeFailure: [716, 'hardware_connection'],
  BleTransportCallCanceled: [717, 'wallet_user_reject'],
  BleDeviceBondedCanceled: [718, 'wallet_user_reject'],
  BlePeerRemovedPairingInformation: [719, 'hardware_connection'],
  BleDeviceDisconnected: [720, 'hardware_connection'],
  BlePoweredOff: [721, 'hardware_connection'],
  BleUnsupported: [722, 'hardware_connection'],
  // The device's answers (firmware failures).
  RuntimeError: [800, 'hardware_other'],
  PinInvalid: [801, 'hardware_pin'],
  PinCancelled: [802, 'hardware_pin'],
  ActionCancelled: [803, 'wallet_user_reject'], // refused on the device
  FirmwareError: [804, 'hardware_device'],
  ResponseUnexpectTypeError: [805, 'hardware_device'],
  BridgeNetworkError: [806, 'hardware_connection'],
  BridgeTimeoutError: [807, 'hardware_connection'],
  BridgeNotInstalled: [808, 'hardware_connection'],
  PollingTimeout: [809, 'hardware_connection'],
  PollingStop: [810, 'hardware_connection'],
  BlindSignDisabled: [811, 'allow_transaction_data'], // blind signing is off in the device settings
  UnexpectPassphrase: [812, 'hardware_device'],
  FileAlreadyExists: [813, 'hardware_other'],
  CheckDownloadFileError: [814, 'hardware_other'],
  NotInSigningMode: [815, 'hardware_device'],
  DataOverload: [816, 'hardware_invalid_params'], // too much data for the device
  BridgeDeviceDisconnected: [817, 'hardware_connection'],
  BTCPsbtTooManyUtxos: [818, 'hardware_invalid_params'],
  EmmcFileWriteFirmwareError: [819, 'hardware_device'],
  FirmwareVerificationFailed: [820, 'hardware_device'],
  BridgeNeedsPermission: [821, 'hardware_permission'],
  CallQueueActionCancelled: [822, 'hardware_device'], // busy: a newer call replaced this one
  FirmwareDowngradeNotAllowed: [823, 'hardware_device'],
  CosmosInvalidJsonMessage: [824, 'hardware_invalid_params'],
  DeviceSettingsNotProvided: [825, 'hardware_invalid_params'],
  DeviceSettingsLanguageNotSupport: [826, 'hardware_invalid_params'],
  TooManyInputs: [827, 'hardware_invalid_params'],
  LowlevelTrasnportConnectError: [900, 'hardware_connection'],
  // WebUSB in the browser: no OneKey allowed to this page, or its chooser closed without one.
  WebDeviceNotFoundOrNeedsPermission: [901, 'no_device'],
  WebDevicePromptAccessError: [902, 'no_device'],
};

/**
 * A failed OneKey SDK call as a §8 client message; a code the list lacks is the device's
 * "other", no code at all "unknown".
 */
export function oneKeyError(payload: { error?: string; code?: string | number }): WalletError {
  const code = typeof payload.code === 'string' ? Number(payload.code) : payload.code;
  if (code === undefined || Number.isNaN(code)) return new WalletError('hardware_unknown', payload.error);
  // Looked up when a call fails, not built at load: a module without top-level work stays out of
  // the login bundle, which reaches this folder's index.
  const known = Object.values(ONEKEY_CODE_MESSAGES).find(([number]) => number === code);
  return new WalletError(known?.[1] ?? 'hardware_other', `${code}: ${payload.error ?? ''}`);
}
