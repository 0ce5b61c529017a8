import { getAssociatedTokenAddressSync, unpackAccount } from '@solana/spl-token';
import {
  Connection,
  PublicKey,
  SendTransactionError,
  type AccountInfo,
  type BlockhashWithExpiryBlockHeight,
} from '@solana/web3.js';
import { ChainError } from '../errors';
import {
  CHAIN_RESERVE,
  NATIVE,
  type BalanceSheet,
  type ChainAdapter,
  type ChainInfo,
  type ConfirmationStatus,
  type FeeTiers,
  type TokenRef,
} from '../types';
import { isSolanaAddress } from './address';
import { verifySolanaMessage } from './message';

/** getMultipleAccounts reads at most this many accounts per call. */
const ACCOUNTS_PER_CALL = 100;
const RENT_CACHE_MS = 60 * 60_000;
/** What a system account with no data must hold to exist (rent-exempt minimum of 0 bytes). */
export const EMPTY_ACCOUNT_SIZE = 0;

export interface SolanaAdapter extends ChainAdapter {
  readonly connection: Connection;
  /** Accounts in the order asked, null where none exists. */
  accounts(addresses: string[]): Promise<Array<AccountInfo<Buffer> | null>>;
  /** Lamports an account of `size` data bytes must hold to be rent-exempt now. */
  rentExempt(size: number): Promise<bigint>;
  latestBlockhash(): Promise<BlockhashWithExpiryBlockHeight>;
  /** Sends wire bytes after the node's preflight check; returns the first signature. */
  send(wire: Uint8Array): Promise<string>;
}

/** A sorted copy's value at a fraction (0..1) of the way through, 0 for none. */
function percentile(values: number[], at: number): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => a - b);
  return BigInt(sorted[Math.min(sorted.length - 1, Math.floor(at * sorted.length))]!);
}

/** What a node's refusal means for the caller (its message and logs kept for the log). */
function refusal(error: unknown): ChainError {
  const logs = error instanceof SendTransactionError ? (error.logs ?? []).join('\n') : '';
  const text = `${(error as Error).message ?? error}\n${logs}`;
  if (/already been processed/i.test(text)) return new ChainError('ALREADY_KNOWN', text, { cause: error });
  if (/insufficient (funds|lamports)/i.test(text))
    return new ChainError('INSUFFICIENT_FUNDS', text, { cause: error });
  if (/fetch failed|ECONNREFUSED|ETIMEDOUT|socket/i.test(text))
    return new ChainError('RPC_ERROR', text, { cause: error });
  return new ChainError('REJECTED', text, { cause: error });
}

/** A Solana chain over its JSON-RPC API (any node or provider; the local litesvm devnet in tests). */
export function createSolanaAdapter(options: { info: ChainInfo; rpcUrl: string }): SolanaAdapter {
  const { info } = options;
  // Reads at 'confirmed'; a transfer counts as done only when 'finalized' (getConfirmation).
  const connection = new Connection(options.rpcUrl, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
  });

  const accounts = async (addresses: string[]) => {
    const out: Array<AccountInfo<Buffer> | null> = [];
    for (let at = 0; at < addresses.length; at += ACCOUNTS_PER_CALL) {
      const keys = addresses.slice(at, at + ACCOUNTS_PER_CALL).map((a) => new PublicKey(a));
      out.push(...(await connection.getMultipleAccountsInfo(keys)));
    }
    return out;
  };

  // Rent-exempt minimums are the cluster's constants (they change only with a feature gate):
  // read once an hour, not at every balance refresh.
  const rentRead = new Map<number, { lamports: Promise<bigint>; at: number }>();
  const rentExempt = (size: number): Promise<bigint> => {
    const cached = rentRead.get(size);
    if (cached && Date.now() - cached.at < RENT_CACHE_MS) return cached.lamports;
    const lamports = connection.getMinimumBalanceForRentExemption(size).then(BigInt);
    rentRead.set(size, { lamports, at: Date.now() });
    // A failed read is not kept.
    lamports.catch(() => rentRead.delete(size));
    return lamports;
  };

  return {
    info,
    connection,
    accounts,

    isValidAddress: isSolanaAddress,
    normalizeAddress(address) {
      if (!isSolanaAddress(address))
        throw new ChainError('INVALID_ADDRESS', `not a Solana address: ${address}`);
      return address;
    },

    rentExempt,
    latestBlockhash: () => connection.getLatestBlockhash('confirmed'),

    async getBalances(holders, tokens: TokenRef[]): Promise<BalanceSheet> {
      const mints = tokens.filter((t) => t.contract).map((t) => t.contract!);
      // The holders' own accounts, then each holder's associated token account of each mint.
      const tokenAccounts = holders.flatMap((holder) =>
        mints.map((mint) =>
          getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(holder), true).toBase58(),
        ),
      );
      const [roots, held, reserve] = await Promise.all([
        accounts(holders),
        accounts(tokenAccounts),
        rentExempt(EMPTY_ACCOUNT_SIZE),
      ]);
      const sheet: BalanceSheet = new Map();
      holders.forEach((holder, h) => {
        const root = roots[h];
        const balances = new Map<string, bigint>([[NATIVE, BigInt(root?.lamports ?? 0)]]);
        // An account that exists must stay rent-exempt: that much is never spendable.
        if (root) balances.set(CHAIN_RESERVE, reserve);
        mints.forEach((mint, m) => {
          const index = h * mints.length + m;
          const account = held[index];
          const amount = account ? unpackAccount(new PublicKey(tokenAccounts[index]!), account).amount : 0n;
          balances.set(mint.toLowerCase(), amount);
        });
        sheet.set(holder, balances);
      });
      return sheet;
    },

    async getFeeTiers(): Promise<FeeTiers> {
      const recent = await connection.getRecentPrioritizationFees();
      const fees = recent.map((r) => r.prioritizationFee);
      return {
        unit: 'lamports',
        tiers: {
          slow: { microLamportsPerCu: percentile(fees, 0.25) },
          standard: { microLamportsPerCu: percentile(fees, 0.5) },
          fast: { microLamportsPerCu: percentile(fees, 0.75) },
        },
      };
    },

    async send(wire) {
      try {
        return await connection.sendRawTransaction(wire, { preflightCommitment: 'confirmed', maxRetries: 0 });
      } catch (error) {
        throw refusal(error);
      }
    },

    async broadcast(raw) {
      return this.send(Buffer.from(raw, 'base64'));
    },

    async getConfirmation(signature): Promise<ConfirmationStatus> {
      const { value } = await connection.getSignatureStatuses([signature], {
        searchTransactionHistory: true,
      });
      const status = value[0];
      if (!status) return { state: 'unknown' };
      if (status.confirmationStatus !== 'finalized' && !status.err) return { state: 'pending' };
      const tx = await connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
      const facts = {
        blockNumber: BigInt(status.slot),
        // A finalized slot is rooted: Solana does not roll it back.
        confirmations: status.confirmations ?? 32,
        ...(tx?.meta
          ? {
              fee: BigInt(tx.meta.fee),
              payerSpent: BigInt(tx.meta.preBalances[0]! - tx.meta.postBalances[0]!),
            }
          : {}),
      };
      if (status.err) return { state: 'failed', reason: JSON.stringify(status.err), ...facts };
      return { state: 'confirmed', ...facts };
    },

    verifyMessage: async (address, message, signature) => verifySolanaMessage(address, message, signature),

    async ping() {
      try {
        await connection.getLatestBlockhash();
        return true;
      } catch {
        return false;
      }
    },
  };
}
