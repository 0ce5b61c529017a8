import { Psbt } from 'bitcoinjs-lib';
import { hexToBytes } from 'viem/utils';
import { hex, invalid, psbtNetwork } from './multisig-psbt-request';
import type { PsbtDeviceChain } from './multisig-psbt-types';

/** A transaction an input spends, as GET /task/previous-transactions gives it. */
export interface PreviousTransaction {
  txid: string;
  hex: string;
}

/**
 * The PSBT with each input's whole previous transaction (`non_witness_utxo`), which Ledger's and
 * OneKey's apps read the spent amount from; the server's PSBTs carry them only on P2SH inputs. The
 * device request builders check each one against its outpoint and UTXO (multisigPsbtRequest).
 */
export function withPreviousTransactions(
  psbtBase64: string,
  chain: PsbtDeviceChain,
  previous: readonly PreviousTransaction[],
): string {
  const psbt = Psbt.fromBase64(psbtBase64, { network: psbtNetwork(chain) });
  psbt.txInputs.forEach((input, index) => {
    if (psbt.data.inputs[index]!.nonWitnessUtxo) return;
    const txid = hex(Uint8Array.from(input.hash).reverse());
    const found = previous.find((transaction) => transaction.txid === txid);
    if (!found) throw invalid(`input ${index}: no previous transaction ${txid}`);
    try {
      psbt.updateInput(index, { nonWitnessUtxo: hexToBytes(`0x${found.hex}`) });
    } catch (error) {
      throw invalid(`input ${index}: not its previous transaction: ${String(error)}`);
    }
  });
  return psbt.toBase64();
}
