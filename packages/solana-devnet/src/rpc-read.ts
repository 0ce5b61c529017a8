// The read-only methods: cluster and slot information, accounts, balances and SPL tokens.
// Every value comes from the VM at the moment of the request.
import { accountEncoding, encodeAccount } from './accounts.js';
import type { Chain } from './chain.js';
import { invalidParams } from './errors.js';
import { addressParam, configParam, withContext, type Method } from './rpc.js';
import { isTokenProgram, readMint, readTokenAccount, tokenAmount } from './tokens.js';

/** LiteSVM 1.5.0 is built on the agave 4.3 crates; this is the closest honest version to report. */
const SOLANA_CORE_VERSION = '4.3.0';

export function readMethods(chain: Chain): Record<string, Method> {
  const encoded = (address: string, encoding: string) => {
    const account = chain.account(address);
    return account ? encodeAccount(chain, address, account, encoding) : null;
  };

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION }),
    getGenesisHash: () => chain.genesisHash,
    getSlot: () => chain.slot,
    getBlockHeight: () => chain.slot,
    getEpochInfo: () => ({
      ...chain.epochInfo(),
      absoluteSlot: chain.slot,
      blockHeight: chain.slot,
      transactionCount: chain.history.size,
    }),
    getLatestBlockhash: () =>
      withContext(chain, { blockhash: chain.blockhash, lastValidBlockHeight: chain.lastValidBlockHeight() }),
    isBlockhashValid: ([blockhash]) => withContext(chain, chain.isBlockhashValid(String(blockhash))),
    getMinimumBalanceForRentExemption: ([size]) => {
      if (!Number.isSafeInteger(size) || (size as number) < 0) throw invalidParams('invalid data size');
      return Number(chain.svm.minimumBalanceForRentExemption(BigInt(size as number)));
    },

    getBalance: (p) => withContext(chain, Number(chain.balance(addressParam(p)))),
    getAccountInfo: (p) => withContext(chain, encoded(addressParam(p), accountEncoding(configParam(p, 1)))),
    getMultipleAccounts: (p) => {
      const addresses = Array.isArray(p[0]) ? p[0] : [];
      const encoding = accountEncoding(configParam(p, 1));
      return withContext(
        chain,
        addresses.map((_, i) => encoded(addressParam(addresses, i), encoding)),
      );
    },

    // Token accounts are found among the addresses the devnet has seen: those of applied
    // transactions and of the fixtures.
    getTokenAccountsByOwner: (p) => {
      const owner = addressParam(p);
      const filter = configParam(p, 1);
      const encoding = accountEncoding(configParam(p, 2));
      let matches: (programId: string, mint: string) => boolean;
      if (typeof filter.mint === 'string') {
        const mint = addressParam([filter.mint]);
        if (!readMint(mint, chain.account(mint))) throw invalidParams('could not find mint');
        matches = (_, m) => m === mint;
      } else if (typeof filter.programId === 'string') {
        const programId = addressParam([filter.programId]);
        if (!isTokenProgram(programId)) throw invalidParams('unrecognized Token program id');
        matches = (program) => program === programId;
      } else {
        throw invalidParams('the filter must name a mint or a programId');
      }
      const value = [];
      for (const address of chain.known) {
        const account = chain.account(address);
        const token = readTokenAccount(address, account);
        if (!account || !token || token.owner.toBase58() !== owner) continue;
        if (!matches(account.programAddress, token.mint.toBase58())) continue;
        value.push({ pubkey: address, account: encodeAccount(chain, address, account, encoding) });
      }
      return withContext(chain, value);
    },
    getTokenAccountBalance: (p) => {
      const address = addressParam(p);
      const token = readTokenAccount(address, chain.account(address));
      if (!token) throw invalidParams('not a Token account');
      return withContext(chain, tokenAmount(token.amount, chain.mintDecimals(token.mint.toBase58()) ?? 0));
    },
    getTokenSupply: (p) => {
      const address = addressParam(p);
      const mint = readMint(address, chain.account(address));
      if (!mint) throw invalidParams('not a Token mint');
      return withContext(chain, tokenAmount(mint.supply, mint.decimals));
    },
  };
}
