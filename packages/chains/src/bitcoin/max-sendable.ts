import type { Reservations, TransferIntent } from '../family';
import type { WalletUtxo } from './coin-select';
import type { BitcoinNetwork } from './networks';
import { recipientScript } from './psbt-build';
import { estimateVsize, feeFor } from './size';
import { walletScriptLength, type MultisigWallet } from './wallet';

/**
 * A sweep: every free coin (or the chosen ones) into the intent's one recipient, no change; the
 * fee is the one buildSpendPsbt charges for exactly that transaction at the rate, so the amount
 * is sendable and one satoshi more is not.
 */
export function maxSweep(
  network: BitcoinNetwork,
  wallet: MultisigWallet,
  walletAddress: string,
  intent: TransferIntent,
  state: { feeRate: number; utxos: WalletUtxo[] },
  held: Reservations,
): { amount: bigint; fee: bigint } {
  const chosen = intent.chosenInputs ? new Set(intent.chosenInputs.map((op) => op.toLowerCase())) : null;
  const coins = state.utxos.filter((u) => {
    const outpoint = `${u.txid}:${u.vout}`;
    return !held.lockedInputs.has(outpoint) && (!chosen || chosen.has(outpoint));
  });
  if (coins.length === 0) return { amount: 0n, fee: 0n };
  const script = recipientScript(network, intent.outputs[0]?.to ?? walletAddress);
  const vsize = estimateVsize(network, wallet.threshold, walletScriptLength(wallet), coins.length, [
    script.length,
  ]);
  const fee = feeFor(vsize, state.feeRate);
  const total = coins.reduce((sum, u) => sum + u.value, 0n);
  return { amount: total > fee ? total - fee : 0n, fee };
}
