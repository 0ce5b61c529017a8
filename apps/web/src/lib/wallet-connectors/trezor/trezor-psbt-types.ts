import type {
  DeviceHDNode,
  DeviceMultisig,
  DeviceRefTx,
  DeviceRequestCheck,
  DeviceSignedTx,
  DeviceSignTx,
  DeviceTxInput,
  DeviceTxOutput,
} from '../psbt-device/multisig-psbt-types';
import type { TrezorReply } from './trezor';
import type { TREZOR_BITCOIN_COINS, TrezorBitcoinChain } from './trezor-coins';

/**
 * The shapes of Trezor Connect's `signTransaction` for a P2WSH multisig PSBT (its own types, kept
 * narrow). The protobuf shapes are the device-neutral ones of psbt-device/ (OneKey's firmware
 * takes the same); the names below keep this module's API.
 */

export type { BitcoinSignerKey } from '../psbt-device/multisig-psbt-types';
export type TrezorHDNode = DeviceHDNode;
export type TrezorMultisig = DeviceMultisig;
export type TrezorTxInput = DeviceTxInput;
export type TrezorTxOutput = DeviceTxOutput;
/** Connect's RefTransaction (its `transformReferencedTransaction` shape). */
export type TrezorRefTx = DeviceRefTx;

/** The parameters of Connect's `signTransaction` for one signer of a P2WSH multisig PSBT. */
export interface TrezorSignTxParams extends DeviceSignTx {
  coin: (typeof TREZOR_BITCOIN_COINS)[TrezorBitcoinChain];
}

/** What the request was built from, to check the device's reply against. */
export interface TrezorPsbtRequest extends DeviceRequestCheck {
  params: TrezorSignTxParams;
  chain: TrezorBitcoinChain;
}

/** Connect's reply: a DER signature (no sighash byte) per input, and the transaction. */
export type TrezorSignedTx = DeviceSignedTx;

/** The part of Trezor Connect this module calls. */
export interface TrezorPsbtApi {
  signTransaction(params: TrezorSignTxParams): Promise<TrezorReply<TrezorSignedTx>>;
}
