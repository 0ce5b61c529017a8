import { FamilyError, type FamilyWallet, type TimelockRecoveryOps } from '../family';
import type { BitcoinAdapter } from './adapter';
import { mapped, mappedSync } from './family-errors';
import { feeRateFor, multisigOf, scanCounts } from './family-setup';
import { parseSignerKey } from './keys';
import type { BitcoinChainKey } from './networks';
import { readPsbt } from './psbt-sign';
import { buildRecoverySpendPsbt } from './recovery-build';
import { addRecoverySignatures, finalizeRecoveryPsbt } from './recovery-sign';
import type { RecoveryWallet } from './recovery-script';
import { deriveAddress } from './wallet';

const outpointOf = (txid: string, vout: number) => `${txid}:${vout}`;

/**
 * The recovery key's own path of a Bitcoin-family wallet (wsh(or_d(multi, and_v(v:pk(R),
 * older(N))))): it sweeps coins at least N blocks old. The key holder signs the PSBT offline; the
 * server checks every input is the wallet's and every signature against its digest, finalizes with
 * the miniscript satisfier and relays. The node is the judge of the delay (BIP-68).
 */
export function bitcoinTimelockRecovery(adapter: BitcoinAdapter): TimelockRecoveryOps {
  const chain = adapter.info.key as BitcoinChainKey;
  const recoveryWallet = (wallet: FamilyWallet): RecoveryWallet => {
    const multisig = multisigOf(chain, wallet);
    if (!multisig.recovery) throw new FamilyError('WALLET_RECOVERY_STATE_ERROR');
    return multisig as RecoveryWallet;
  };
  const coinsOf = (wallet: FamilyWallet) =>
    mapped(() => adapter.listUtxos(multisigOf(chain, wallet), scanCounts(wallet)));

  return {
    parseKey: (input) => mappedSync(() => parseSignerKey(input, adapter.network), 'xpub'),

    async buildSweep(wallet, to, fee) {
      const recovery = recoveryWallet(wallet);
      const address = mappedSync(() => adapter.normalizeAddress(to), 'to');
      const feeRate = await feeRateFor(adapter, fee);
      const coins = await coinsOf(wallet);
      const matured = coins.filter((c) => (c.confirmations ?? 0) >= recovery.recovery.blocks);
      if (matured.length === 0) throw new FamilyError('WALLET_RECOVERY_DELAY_ERROR');
      const built = mappedSync(() =>
        buildRecoverySpendPsbt({
          wallet: recovery,
          path: 'recovery',
          utxos: matured,
          outputs: [{ address, value: 0n }],
          feeRate,
          changeIndex: wallet.nextChangeIndex,
          sendMax: true,
        }),
      );
      const total = built.inputs.reduce((sum, u) => sum + u.value, 0n);
      return {
        psbt: built.psbt,
        to: address,
        // A send-max: everything taken, less the fee, to the one recipient.
        amount: total - built.fee,
        fee: built.fee,
        vsize: built.vsize,
        feeRate: String(feeRate),
        inputs: built.inputs.map((u) => ({ outpoint: outpointOf(u.txid, u.vout), value: u.value })),
      };
    },

    async submitSweep(wallet, signed) {
      const recovery = recoveryWallet(wallet);
      const psbt = mappedSync(() => readPsbt(signed, adapter.network), 'psbt');
      const coins = new Map((await coinsOf(wallet)).map((c) => [outpointOf(c.txid, c.vout), c]));
      // Only this wallet's unspent coins, each with the very script and amount it has on chain.
      psbt.txInputs.forEach((input, index) => {
        const coin = coins.get(outpointOf(Buffer.from(input.hash).reverse().toString('hex'), input.index));
        const utxo = psbt.data.inputs[index]?.witnessUtxo;
        const ours = coin && deriveAddress(recovery, coin.branch, coin.index);
        if (
          !coin ||
          !ours ||
          !utxo ||
          utxo.value !== coin.value ||
          Buffer.compare(utxo.script, ours.scriptPubKey) !== 0
        )
          throw new FamilyError('UTXO_SHORTAGE_ERROR', { input: index });
      });
      const signatures = psbt.data.inputs.flatMap((input, inputIndex) =>
        (input.partialSig ?? []).map((p) => ({
          inputIndex,
          pubkey: Buffer.from(p.pubkey).toString('hex'),
          signature: Buffer.from(p.signature).toString('hex'),
        })),
      );
      if (signatures.length === 0) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const final = await mapped(() => {
        // Start from the PSBT without signatures: each one is verified before it is kept.
        psbt.data.inputs.forEach((input) => delete input.partialSig);
        const verified = addRecoverySignatures(psbt.toBase64(), chain, 'recovery', signatures);
        return finalizeRecoveryPsbt(verified, chain, 'recovery');
      }, 'psbt');
      const txid = await mapped(() => adapter.broadcast(final.hex));
      return {
        txid,
        fee: final.fee,
        outputs: psbt.txOutputs.map((o) => ({ to: o.address ?? '', value: o.value })),
      };
    },
  };
}
