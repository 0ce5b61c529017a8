import type { FamilyAdapter, FamilyWallet } from '../family';
import type { BitcoinAdapter } from './adapter';
import { mapped } from './family-errors';
import { multisigOf } from './family-setup';
import type { BitcoinChainKey } from './networks';
import { coinsToSats } from './rpc';
import { deriveAddresses } from './wallet';

/** Receive addresses watched beyond the last one handed out (the usual BIP-44 gap). */
const GAP = 20;

interface BlockTx {
  txid: string;
  vout: Array<{ n: number; value: number; scriptPubKey: { address?: string; addresses?: string[] } }>;
}

/**
 * The Bitcoin family's deposit scan: each block of the range (getblock with transactions) read
 * for outputs paying a wallet's receive addresses — every index handed out plus a gap. Change
 * outputs (branch 1) are the wallet's own money coming back, not deposits.
 */
export function bitcoinDeposits(adapter: BitcoinAdapter): NonNullable<FamilyAdapter['deposits']> {
  const chain = adapter.info.key as BitcoinChainKey;
  const receiveAddresses = (wallet: FamilyWallet) =>
    deriveAddresses(multisigOf(chain, wallet), 0, 0, wallet.nextReceiveIndex + GAP).map(
      (derived) => derived.address,
    );
  return {
    tip: async () => BigInt(await adapter.getTipHeight()),
    // A block with its transactions is large: a small bite per scan.
    blocksPerScan: 50n,
    async transfersTo(wallets, _tokens, from, to) {
      const owner = new Map<string, string>();
      for (const wallet of wallets)
        for (const address of receiveAddresses(wallet)) owner.set(address, wallet.address);
      const found: Array<Awaited<ReturnType<NonNullable<FamilyAdapter['deposits']>['transfersTo']>>[number]> =
        [];
      for (let height = from; height <= to; height += 1n) {
        const block = await mapped(async () => {
          const hash = await adapter.rpc.call<string>('getblockhash', [Number(height)]);
          return adapter.rpc.call<{ tx: BlockTx[] }>('getblock', [hash, 2]);
        });
        for (const tx of block.tx) {
          for (const output of tx.vout) {
            const address = output.scriptPubKey.address ?? output.scriptPubKey.addresses?.[0];
            const wallet = address ? owner.get(address) : undefined;
            if (!address || !wallet) continue;
            found.push({
              txHash: tx.txid,
              // Who paid is not in the block (inputs name earlier outputs): left unknown.
              from: '',
              to: address,
              token: null,
              amount: coinsToSats(output.value),
              blockNumber: height,
              logIndex: output.n,
              wallet,
            });
          }
        }
      }
      return found;
    },
  };
}
