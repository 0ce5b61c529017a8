import type { ParsedTransactionWithMeta, TokenBalance } from '@solana/web3.js';
import { PublicKey } from '@solana/web3.js';
import type { FamilyAdapter } from '../family';
import type { IncomingTransfer } from '../types';
import type { SolanaAdapter } from './adapter';
import { vaultTokenAccount } from './transfer';

/** Signatures read per address and scan (newest first); a busier address waits for the next scan. */
const SIGNATURES = 1_000;

type Found = IncomingTransfer & { wallet: string };

/** Token units of `owner` in `mint` before and after, from a transaction's token balances. */
function tokenUnits(balances: TokenBalance[] | null | undefined, owner: string, mint: string): bigint {
  const entry = balances?.find((b) => b.owner === owner && b.mint === mint);
  return entry ? BigInt(entry.uiTokenAmount.amount) : 0n;
}

/** Who paid in: the account that lost the most of what the wallet gained (the fee payer otherwise). */
function senderOf(tx: ParsedTransactionWithMeta, wallet: string, mint: string | null): string {
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
  const meta = tx.meta!;
  let best = keys[0]!;
  let most = 0n;
  const candidates = mint
    ? (meta.preTokenBalances ?? [])
        .filter((b) => b.mint === mint && b.owner && b.owner !== wallet)
        .map((b) => b.owner!)
    : keys.filter((k) => k !== wallet);
  for (const who of new Set(candidates)) {
    const lost = mint
      ? tokenUnits(meta.preTokenBalances, who, mint) - tokenUnits(meta.postTokenBalances, who, mint)
      : BigInt(meta.preBalances[keys.indexOf(who)]! - meta.postBalances[keys.indexOf(who)]!);
    if (lost > most) [best, most] = [who, lost];
  }
  return best;
}

/**
 * Deposits on Solana: the successful transactions touching each vault (and its token accounts of
 * the watched mints) in the slot range, and what each one added to the vault — SOL from the
 * balance change, tokens from the token balances owned by the vault.
 */
export function solanaDeposits(chain: SolanaAdapter): NonNullable<FamilyAdapter['deposits']> {
  return {
    // One slot behind what the node reports: a local VM may still add to its newest slot, and on a
    // cluster it costs a scan one slot (~0.4 s) of delay, never a missed deposit.
    tip: async () => {
      const slot = BigInt(await chain.connection.getSlot('confirmed'));
      return slot > 0n ? slot - 1n : 0n;
    },
    // Reads go per address, not per slot: one scan may cover many slots.
    blocksPerScan: 100_000n,
    async transfersTo(wallets, tokens, from, to) {
      const mints = tokens.flatMap((t) => (t.contract ? [t.contract] : []));
      const found: Found[] = [];
      for (const wallet of wallets) {
        const vault = wallet.address;
        const addresses = [vault, ...mints.map((mint) => vaultTokenAccount(vault, mint))];
        const seen = new Set<string>();
        for (const address of addresses) {
          const signatures = await chain.connection.getSignaturesForAddress(new PublicKey(address), {
            limit: SIGNATURES,
          });
          for (const entry of signatures) {
            if (
              entry.err ||
              BigInt(entry.slot) < from ||
              BigInt(entry.slot) > to ||
              seen.has(entry.signature)
            )
              continue;
            seen.add(entry.signature);
            const tx = await chain.connection.getParsedTransaction(entry.signature, {
              maxSupportedTransactionVersion: 0,
            });
            if (tx?.meta && !tx.meta.err) found.push(...depositsIn(tx, entry.signature, vault, mints));
          }
        }
      }
      return found;
    },
  };
}

function depositsIn(
  tx: ParsedTransactionWithMeta,
  signature: string,
  vault: string,
  mints: string[],
): Found[] {
  const meta = tx.meta!;
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey.toBase58());
  const base = { txHash: signature, to: vault, wallet: vault, blockNumber: BigInt(tx.slot), logIndex: null };
  const out: Found[] = [];
  const at = keys.indexOf(vault);
  const gained = at >= 0 ? BigInt(meta.postBalances[at]! - meta.preBalances[at]!) : 0n;
  if (gained > 0n) out.push({ ...base, from: senderOf(tx, vault, null), token: null, amount: gained });
  for (const mint of mints) {
    const added =
      tokenUnits(meta.postTokenBalances, vault, mint) - tokenUnits(meta.preTokenBalances, vault, mint);
    if (added > 0n) out.push({ ...base, from: senderOf(tx, vault, mint), token: mint, amount: added });
  }
  return out;
}
