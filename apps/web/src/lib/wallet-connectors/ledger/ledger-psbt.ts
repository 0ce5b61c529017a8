import { Psbt, Transaction } from 'bitcoinjs-lib';
import { secp256k1 } from '@noble/curves/secp256k1';
import { mergeDeviceSignatures } from '../psbt-device/multisig-psbt-merge';
import { hex, invalid, multisigPsbtRequest, psbtNetwork } from '../psbt-device/multisig-psbt-request';
import type {
  BitcoinSignerKey,
  DeviceRequestCheck,
  PsbtDeviceChain,
} from '../psbt-device/multisig-psbt-types';
import { withPreviousTransactions, type PreviousTransaction } from '../psbt-device/previous-transactions';
import { WalletError } from '../types';
import { ledgerError } from './ledger-errors';
import type { ApduExchange } from './ledger-transport';

type Btc = import('@ledgerhq/hw-app-btc').default;

/**
 * Ledger signs a signer's part of a Litecoin P2WSH multisig PSBT with its Litecoin app, which
 * speaks the legacy protocol (hw-app-btc's signP2SHTransaction with segwit: each input's whole
 * previous transaction, its witness script and the signer's path; the outputs once). Ledger's
 * current Bitcoin app takes multisig only as a registered wallet policy, which is not built here.
 */
export const LEDGER_PSBT_CHAINS = ['ltc', 'ltc-regtest'] as const;
export type LedgerPsbtChain = (typeof LEDGER_PSBT_CHAINS)[number];

export function isLedgerPsbtChain(chain: string | null | undefined): chain is LedgerPsbtChain {
  return LEDGER_PSBT_CHAINS.some((known) => known === chain);
}

/** What the app is asked: hw-app-btc's arguments with the transactions as hex. */
export interface LedgerPsbtRequest extends DeviceRequestCheck {
  inputs: Array<{ previousTx: string; vout: number; witnessScript: string; sequence: number }>;
  /** The signer's key in each input, as the app takes a path (no "m/"). */
  paths: string[];
  /** The unsigned transaction (its outputs, version and lock time are what is signed). */
  unsignedTx: string;
}

const HARDENED = 0x80000000;
const pathText = (steps: number[]) =>
  steps.map((step) => (step >= HARDENED ? `${step - HARDENED}'` : String(step))).join('/');

/**
 * The app's request for `signer` on a PSBT whose inputs carry their previous transactions: the
 * PSBT is read and checked as for the other devices (multisigPsbtRequest: every input the wallet's
 * P2WSH multisig with the signer's key, each previous transaction matching its outpoint and UTXO).
 */
export function ledgerPsbtRequest(
  psbtBase64: string,
  chain: PsbtDeviceChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[],
): LedgerPsbtRequest {
  const { tx, ...check } = multisigPsbtRequest(psbtBase64, chain, signer, keys);
  if (!tx.refTxs) throw invalid("the PSBT does not carry its inputs' previous transactions");
  const psbt = Psbt.fromBase64(psbtBase64, { network: psbtNetwork(chain) });
  return {
    ...check,
    inputs: tx.inputs.map((input, index) => ({
      previousTx: hex(psbt.data.inputs[index]!.nonWitnessUtxo!),
      vout: input.prev_index,
      witnessScript: hex(psbt.data.inputs[index]!.witnessScript!),
      sequence: input.sequence,
    })),
    paths: tx.inputs.map((input) => pathText(input.address_n)),
    unsignedTx: hex(psbt.data.globalMap.unsignedTx.toBuffer()),
  };
}

export interface LedgerPsbtOptions {
  /** Stands in for the USB device (tests); default: the browser tests' hook, else WebHID. */
  exchange?: ApduExchange;
}

const testExchange = (): ApduExchange | undefined =>
  typeof window === 'undefined' ? undefined : window.__keysteadLedgerExchange;

/**
 * Asks the Litecoin app for one signature per input. First the key at the first input's path must
 * be the signer's (a Ledger of another seed is refused before it shows anything). Each signature
 * comes back DER with its sighash byte, which must be SIGHASH_ALL; it is returned without it.
 */
export async function ledgerSignatures(request: LedgerPsbtRequest, options: LedgerPsbtOptions = {}) {
  let close: (() => Promise<void>) | undefined;
  try {
    const { openTransport } = await import('./ledger-transport');
    const { default: BtcApp } = await import('@ledgerhq/hw-app-btc');
    const transport = await openTransport(options.exchange ?? testExchange());
    close = () => transport.close();
    // hw-app-btc declares its own copy of hw-transport's types; it only calls send().
    const btc: Btc = new BtcApp({
      transport: transport as unknown as ConstructorParameters<typeof BtcApp>[0]['transport'],
      currency: 'litecoin',
    });
    const key = await btc.getWalletPublicKey(request.paths[0]!, { format: 'legacy' });
    const compressed = hex(secp256k1.ProjectivePoint.fromHex(key.publicKey).toRawBytes(true));
    if (compressed !== request.pubkeys[0])
      throw new WalletError(
        'signer_mismatch',
        `this Ledger's key at ${request.paths[0]} is not the signer's`,
      );
    const unsigned = Transaction.fromHex(request.unsignedTx);
    const signatures = await btc.signP2SHTransaction({
      inputs: request.inputs.map((input) => [
        btc.splitTransaction(input.previousTx, true),
        input.vout,
        input.witnessScript,
        input.sequence,
      ]),
      associatedKeysets: request.paths,
      outputScriptHex: btc
        .serializeTransactionOutputs(btc.splitTransaction(request.unsignedTx, true))
        .toString('hex'),
      lockTime: unsigned.locktime,
      transactionVersion: unsigned.version,
      sigHashType: 1,
      segwit: true,
    });
    return signatures.map((signature) => {
      if (!signature.endsWith('01')) throw new WalletError('signer_mismatch', 'not a SIGHASH_ALL signature');
      return signature.slice(0, -2);
    });
  } catch (error) {
    throw ledgerError(error, 'sign', 'litecoin');
  } finally {
    await close?.().catch(() => undefined);
  }
}

/**
 * Signs `signer`'s part of a task's PSBT on a Ledger: the inputs' previous transactions (from the
 * server) added, the app asked, each signature verified against its input's BIP-143 digest for the
 * signer's key and merged into the task's PSBT (mergeDeviceSignatures). WalletError (§8) on failure.
 */
export async function signPsbtWithLedger(
  psbtBase64: string,
  chain: LedgerPsbtChain,
  signer: BitcoinSignerKey,
  keys: BitcoinSignerKey[],
  previous: readonly PreviousTransaction[],
  options: LedgerPsbtOptions = {},
): Promise<string> {
  if (!isLedgerPsbtChain(chain))
    throw new WalletError('hardware_blockchain', `no Ledger PSBT signing on ${String(chain)} here`);
  const request = ledgerPsbtRequest(
    withPreviousTransactions(psbtBase64, chain, previous),
    chain,
    signer,
    keys,
  );
  const signatures = await ledgerSignatures(request, options);
  return mergeDeviceSignatures(psbtBase64, request, { signatures, serializedTx: '' });
}
