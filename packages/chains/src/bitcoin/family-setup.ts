import { FamilyError, type FamilyAdapter, type FamilyWallet, type FeeChoice } from '../family';
import type { BitcoinAdapter } from './adapter';
import { walletDescriptors, walletFromDescriptor } from './descriptor';
import { mapped, mappedSync } from './family-errors';
import { parseSignerKey, type SignerKey } from './keys';
import { verifySignerKeyMessage } from './message';
import type { BitcoinChainKey } from './networks';
import { deriveAddress, type MultisigWallet } from './wallet';

/** Addresses scanned for coins: every index handed out so far plus a gap of 20. */
export const scanCounts = (wallet: FamilyWallet) => ({
  receiveCount: wallet.nextReceiveIndex + 20,
  changeCount: wallet.nextChangeIndex + 20,
});

/** sat/vB of a fee choice: the node's estimate for a tier, or the rate the user typed. */
export async function feeRateFor(adapter: BitcoinAdapter, fee: FeeChoice): Promise<number> {
  if (fee.tier === 'custom') {
    const rate = Number(fee.rate);
    if (!(rate > 0)) throw new FamilyError('TRANSFER_FEE_ZERO_ERROR');
    return rate;
  }
  const tiers = await mapped(() => adapter.getFeeTiers());
  return tiers.tiers[fee.tier]?.satPerVbyte ?? tiers.tiers.standard.satPerVbyte ?? 1;
}

/** A stored wallet as the script code sees it: the signers' k of n and its recovery path, if any. */
export function multisigOf(
  chain: BitcoinChainKey,
  wallet: Pick<FamilyWallet, 'threshold' | 'keys' | 'timelockRecovery'>,
): MultisigWallet {
  const recovery = wallet.timelockRecovery;
  return {
    chain,
    threshold: wallet.threshold,
    keys: wallet.keys as SignerKey[],
    ...(recovery ? { recovery: { key: recovery.key as SignerKey, blocks: recovery.blocks } } : {}),
  };
}

/**
 * Bitcoin-family wallet setup: a sortedmulti wallet exists as soon as its keys are known (nothing
 * on chain); keys are xpubs with their origin; an outside tool's descriptor imports it; every
 * receive index is a fresh address.
 */
export function bitcoinWalletSetup(
  adapter: BitcoinAdapter,
): Pick<
  FamilyAdapter,
  | 'prepareSetup'
  | 'signerKey'
  | 'signerKeyOf'
  | 'verifySignerProof'
  | 'importSetup'
  | 'receiveAddress'
  | 'listCoins'
> {
  const chain = adapter.info.key as BitcoinChainKey;
  const multisig = (wallet: FamilyWallet) => multisigOf(chain, wallet);
  return {
    // Nothing on chain: the address derives from the keys (receive index 0).
    async prepareSetup({ keys, threshold, timelockRecovery }) {
      const wallet = multisigOf(chain, { keys, threshold, timelockRecovery });
      const descriptors = mappedSync(() => walletDescriptors(wallet), 'signers');
      return { address: deriveAddress(wallet, 0, 0).address, keys, onChain: null, descriptors };
    },

    signerKeyOf(input) {
      if (!input.xpub || !input.fingerprint || !input.path)
        throw new FamilyError('PARAMS_REQUIRED_ERROR', {
          field: input.xpub ? (input.fingerprint ? 'path' : 'fingerprint') : 'xpub',
        });
      const key = mappedSync(
        () =>
          parseSignerKey(
            { xpub: input.xpub!, fingerprint: input.fingerprint!, path: input.path! },
            adapter.network,
          ),
        'xpub',
      );
      return {
        family: 'BTC',
        chainKey: chain,
        address: key.xpub,
        fingerprint: key.fingerprint,
        derivationPath: key.path,
      };
    },

    async verifySignerProof(record, message, proof) {
      if (!record.fingerprint || !record.derivationPath) return false;
      const key = { xpub: record.address, fingerprint: record.fingerprint, path: record.derivationPath };
      try {
        return verifySignerKeyMessage(chain, key, message, proof.signature, proof.childPath);
      } catch {
        return false;
      }
    },

    signerKey(signer) {
      if (signer.family !== 'BTC' || signer.chainKey !== chain) return null;
      if (!signer.fingerprint || !signer.derivationPath) return null;
      return {
        xpub: signer.address,
        fingerprint: signer.fingerprint,
        path: signer.derivationPath,
      } satisfies SignerKey;
    },

    importSetup(text) {
      const wallet = mappedSync(() => walletFromDescriptor(text, chain), 'descriptor');
      return { keys: wallet.keys, threshold: wallet.threshold };
    },

    receiveAddress(wallet, index) {
      return { address: deriveAddress(multisig(wallet), 0, index).address, path: `0/${index}` };
    },

    async listCoins(wallet) {
      const coins = await mapped(() => adapter.listUtxos(multisig(wallet), scanCounts(wallet)));
      return coins.map((coin) => ({
        outpoint: `${coin.txid}:${coin.vout}`,
        value: coin.value,
        address: deriveAddress(multisig(wallet), coin.branch, coin.index).address,
        branch: coin.branch,
        index: coin.index,
        confirmations: coin.confirmations ?? 0,
      }));
    },
  };
}
