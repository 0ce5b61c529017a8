import type { FamilyAdapter } from '../family';
import type { IncomingTransfer } from '../types';
import type { XrplAdapter } from './adapter';
import { issuedKey, unitsOf } from './amounts';

interface AccountTxEntry {
  tx?: Record<string, unknown> & { hash?: string; ledger_index?: number };
  tx_json?: Record<string, unknown> & { ledger_index?: number };
  hash?: string;
  ledger_index?: number;
  meta?: { TransactionResult?: string; delivered_amount?: unknown } | string;
  validated?: boolean;
}

interface AccountTxReply {
  transactions: AccountTxEntry[];
  marker?: unknown;
}

/** A page of account_tx at most this long; a busy wallet is read in several. */
const PAGE = 200;

/**
 * Deposits on the XRP Ledger: each watched account's validated transactions in the ledger range
 * (account_tx), keeping successful Payments to it — what they delivered (`delivered_amount`, never
 * `Amount`: a partial payment delivers less), in XRP or a watched issued currency.
 */
export function xrpDeposits(chain: XrplAdapter): NonNullable<FamilyAdapter['deposits']> {
  return {
    tip: async () => BigInt((await chain.ledgerState()).ledgerIndex),
    // account_tx reads per account, not per ledger: a scan may cover many ledgers.
    blocksPerScan: 2_000n,
    async transfersTo(wallets, tokens, from, to) {
      const watched = new Set(tokens.flatMap((t) => (t.contract ? [t.contract] : [])));
      const found: Array<IncomingTransfer & { wallet: string }> = [];
      for (const wallet of wallets) {
        let marker: unknown;
        do {
          const reply = await chain.rpc<AccountTxReply>('account_tx', {
            account: wallet.address,
            ledger_index_min: Number(from),
            ledger_index_max: Number(to),
            forward: true,
            limit: PAGE,
            ...(marker ? { marker } : {}),
          });
          for (const entry of reply.transactions) {
            const deposit = depositOf(entry, wallet.address, watched);
            if (deposit) found.push({ ...deposit, wallet: wallet.address });
          }
          marker = reply.marker;
        } while (marker);
      }
      return found;
    },
  };
}

function depositOf(entry: AccountTxEntry, address: string, watched: Set<string>): IncomingTransfer | null {
  const tx = entry.tx ?? entry.tx_json;
  const meta = typeof entry.meta === 'object' ? entry.meta : null;
  if (!tx || !entry.validated || tx.TransactionType !== 'Payment' || tx.Destination !== address) return null;
  if (meta?.TransactionResult !== 'tesSUCCESS') return null;
  const delivered = meta.delivered_amount;
  const base = {
    txHash: String(tx.hash ?? entry.hash),
    from: String(tx.Account),
    to: address,
    blockNumber: BigInt(tx.ledger_index ?? entry.ledger_index ?? 0),
    logIndex: null,
  };
  if (typeof delivered === 'string') return { ...base, token: null, amount: BigInt(delivered) };
  if (!delivered || typeof delivered !== 'object') return null;
  const issued = delivered as { currency: string; issuer: string; value: string };
  const key = issuedKey(issued);
  if (!watched.has(key)) return null;
  return { ...base, token: key, amount: unitsOf(issued.value) };
}
