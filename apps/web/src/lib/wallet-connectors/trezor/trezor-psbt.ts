import { mergeDeviceSignatures } from '../psbt-device/multisig-psbt-merge';
import { multisigPsbtRequest } from '../psbt-device/multisig-psbt-request';
import { WalletError } from '../types';
import { isTrezorBitcoinChain, TREZOR_BITCOIN_COINS, type TrezorBitcoinChain } from './trezor-coins';
import { trezorConnect } from './trezor';
import { trezorError } from './trezor-errors';
import type { BitcoinSignerKey, TrezorPsbtApi, TrezorPsbtRequest, TrezorSignedTx } from './trezor-psbt-types';

export type * from './trezor-psbt-types';

/**
 * A Trezor signs one signer's part of a Bitcoin-family P2WSH multisig PSBT through Trezor
 * Connect's `signTransaction`. The PSBT becomes the device's request in psbt-device/ (shared with
 * OneKey, whose firmware is a Trezor fork); this module adds Connect's coin name, its call and its
 * errors. The device's DER signatures are checked against each input's BIP-143 digest in the page
 * and put back into the PSBT as this signer's partial signatures.
 */

/**
 * The exact Trezor Connect `signTransaction` parameters for `signer` on a P2WSH multisig PSBT of
 * the wallet whose keys are `keys` (the task's `signing_keys`); see multisigPsbtRequest.
 * `pubkeys_order` (LEXICOGRAPHIC for sortedmulti) is kept: Trezor's protocol has it.
 */
export function trezorSignRequest(
  psbtBase64: string,
  chain: TrezorBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[] = [signer],
): TrezorPsbtRequest {
  if (!isTrezorBitcoinChain(chain))
    throw new WalletError('hardware_blockchain', `Trezor does not sign ${String(chain)} here`);
  const { tx, ...check } = multisigPsbtRequest(psbtBase64, chain, signer, keys);
  return { params: { coin: TREZOR_BITCOIN_COINS[chain], ...tx }, ...check, chain };
}

/** The PSBT with the Trezor's signatures added, each verified first (mergeDeviceSignatures). */
export function mergeTrezorSignatures(
  psbtBase64: string,
  request: TrezorPsbtRequest,
  reply: TrezorSignedTx,
): string {
  return mergeDeviceSignatures(psbtBase64, request, reply);
}

const connectApi = async (): Promise<TrezorPsbtApi> => (await trezorConnect()) as unknown as TrezorPsbtApi;

/**
 * Signs `signer`'s part of the PSBT on a Trezor: builds the request, asks the device through
 * Trezor Connect (loaded with the first use), checks and merges the signatures. Rejects with a
 * WalletError (§8 client message).
 */
export async function signPsbtWithTrezor(
  psbtBase64: string,
  chain: TrezorBitcoinChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[],
  api: () => Promise<TrezorPsbtApi> = connectApi,
): Promise<string> {
  const request = trezorSignRequest(psbtBase64, chain, signer, keys);
  let trezor: TrezorPsbtApi;
  try {
    trezor = await api();
  } catch (error) {
    throw new WalletError('hardware_connection', String(error));
  }
  const reply = await trezor.signTransaction(request.params);
  if (!reply.success) throw trezorError(reply.payload);
  return mergeTrezorSignatures(psbtBase64, request, reply.payload);
}
