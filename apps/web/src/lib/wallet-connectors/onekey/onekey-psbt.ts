import { mergeDeviceSignatures } from '../psbt-device/multisig-psbt-merge';
import { multisigPsbtRequest } from '../psbt-device/multisig-psbt-request';
import type {
  BitcoinSignerKey,
  DeviceMultisig,
  DeviceRequestCheck,
  DeviceSignedTx,
  DeviceSignTx,
  DeviceTxInput,
  DeviceTxOutput,
} from '../psbt-device/multisig-psbt-types';
import { WalletError } from '../types';
import {
  allowWebUsbDevice,
  findOneKeyDevice,
  oneKeyCall,
  oneKeySdk,
  type OneKeyApi,
  type OneKeyReply,
} from './onekey';
import { isOneKeyBitcoinChain, ONEKEY_BITCOIN_COINS, type OneKeyBitcoinChain } from './onekey-coins';

/**
 * A OneKey signs one signer's part of a Bitcoin-family P2WSH multisig PSBT through its SDK's
 * `btcSignTransaction` (hd-core), which sends Trezor's protobuf TxInputType/TxOutputType to the
 * device as given: OneKey's firmware is a Trezor fork. The request is psbt-device/'s, with what
 * OneKey differs in:
 * - no `pubkeys_order`: OneKey's protocol (firmware messages-bitcoin.proto, hd-transport) has no
 *   such field; the keys go in the script's order and the firmware builds the script in that
 *   order, and it names the wallet (multisig_fingerprint) by its nodes sorted, so change at
 *   another sortedmulti address is still recognised;
 * - change only at BIP-84 paths (m/84'/…): the SDK refuses change whose script type is not the
 *   one of its path's purpose (m/48' → PAYTOMULTISIG, i.e. P2SH), so a P2WSH change at m/48'/…/2'
 *   is paid by its address (the device shows it like any other output);
 * - the previous transactions are required: the SDK fetches none and the firmware asks for them
 *   for a segwit input too.
 */

/** OneKey's `btcSignTransaction` parameters (hd-core's BTCSignTransactionParams, kept narrow). */
export interface OneKeySignTxParams extends DeviceSignTx {
  coin: (typeof ONEKEY_BITCOIN_COINS)[OneKeyBitcoinChain];
  refTxs: NonNullable<DeviceSignTx['refTxs']>;
  inputs: Array<Omit<DeviceTxInput, 'multisig'> & { multisig: OneKeyMultisig }>;
  outputs: Array<
    | Extract<DeviceTxOutput, { script_type: 'PAYTOADDRESS' }>
    | (Omit<Extract<DeviceTxOutput, { script_type: 'PAYTOWITNESS' }>, 'multisig'> & {
        multisig: OneKeyMultisig;
      })
  >;
}

/** hd-transport's MultisigRedeemScriptType as sent here (no `pubkeys_order`). */
export type OneKeyMultisig = Omit<DeviceMultisig, 'pubkeys_order'>;

export interface OneKeyPsbtRequest extends DeviceRequestCheck {
  params: OneKeySignTxParams;
  chain: OneKeyBitcoinChain;
}

/** The part of OneKey's SDK this module calls. */
export interface OneKeyPsbtApi extends Pick<OneKeyApi, 'searchDevices' | 'getFeatures'> {
  btcSignTransaction(
    connectId: string,
    deviceId: string,
    params: OneKeySignTxParams,
  ): Promise<OneKeyReply<DeviceSignedTx & { txid?: string }>>;
}

const HARDENED = 0x80000000;

const withoutOrder = ({ pubkeys_order: _order, ...multisig }: DeviceMultisig): OneKeyMultisig => multisig;

/**
 * The exact `btcSignTransaction` parameters for `signer` on a P2WSH multisig PSBT of the wallet
 * whose keys are `keys` (the task's `signing_keys`); see multisigPsbtRequest and this module's
 * notes.
 */
export function oneKeySignRequest(
  psbtBase64: string,
  chain: OneKeyBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[] = [signer],
): OneKeyPsbtRequest {
  if (!isOneKeyBitcoinChain(chain))
    throw new WalletError('hardware_blockchain', `OneKey does not sign ${String(chain)} here`);
  const { tx, ...check } = multisigPsbtRequest(psbtBase64, chain, signer, keys, {
    changeAt: (addressN) => addressN[0] === 84 + HARDENED,
  });
  if (!tx.refTxs)
    throw new WalletError(
      'hardware_invalid_params',
      "the PSBT does not carry its inputs' previous transactions, which a OneKey needs",
    );
  return {
    params: {
      coin: ONEKEY_BITCOIN_COINS[chain],
      ...tx,
      refTxs: tx.refTxs,
      inputs: tx.inputs.map((input) => ({ ...input, multisig: withoutOrder(input.multisig) })),
      outputs: tx.outputs.map((output) =>
        output.script_type === 'PAYTOWITNESS'
          ? { ...output, multisig: withoutOrder(output.multisig) }
          : output,
      ),
    },
    ...check,
    chain,
  };
}

/** The PSBT with the OneKey's signatures added, each verified first (mergeDeviceSignatures). */
export function mergeOneKeySignatures(
  psbtBase64: string,
  request: OneKeyPsbtRequest,
  reply: DeviceSignedTx,
): string {
  return mergeDeviceSignatures(psbtBase64, request, reply);
}

const sdkApi = async (): Promise<OneKeyPsbtApi> => (await oneKeySdk()) as unknown as OneKeyPsbtApi;

/**
 * Signs `signer`'s part of the PSBT on a OneKey: builds the request, lets the page reach the
 * device (WebUSB chooser while the click counts), finds it with the connector's search, asks it
 * through OneKey's SDK (loaded with the first use), checks and merges the signatures. Rejects with
 * a WalletError (§8 client message; the SDK's codes through onekey-errors.ts).
 */
export async function signPsbtWithOneKey(
  psbtBase64: string,
  chain: OneKeyBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[],
  api: () => Promise<OneKeyPsbtApi> = sdkApi,
  allowDevice: () => Promise<void> = allowWebUsbDevice,
): Promise<string> {
  const request = oneKeySignRequest(psbtBase64, chain, signer, keys);
  await allowDevice();
  let onekey: OneKeyPsbtApi;
  try {
    onekey = await api();
  } catch (error) {
    throw new WalletError('hardware_connection', String(error));
  }
  const { connectId, deviceId } = await findOneKeyDevice(onekey);
  const reply = await oneKeyCall(onekey.btcSignTransaction(connectId, deviceId, request.params));
  return mergeOneKeySignatures(psbtBase64, request, reply);
}
