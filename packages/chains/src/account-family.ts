import { FamilyError, type FamilyAdapter, type FamilyWallet } from './family';
import type { BalanceSheet, ChainAdapter, TokenRef } from './types';

/**
 * Signer keys of the account families (Tron, XRP): one address that signs on the family's mainnet
 * and testnets alike, so it is stored without a chain, proven by the chain's signed message.
 */
export function accountSignerKeys(
  family: 'TRX' | 'XRP' | 'SOL',
  chain: Pick<ChainAdapter, 'verifyMessage'>,
  isAddress: (value: string) => boolean,
): Pick<FamilyAdapter, 'signerKeyOf' | 'verifySignerProof' | 'signerKey'> {
  return {
    signerKeyOf(input) {
      if (!input.address || !isAddress(input.address)) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
      return { family, chainKey: '', address: input.address, fingerprint: null, derivationPath: null };
    },
    verifySignerProof: (record, message, proof) =>
      chain.verifyMessage(record.address, message, proof.signature),
    signerKey: (signer) => (signer.family === family && isAddress(signer.address) ? signer.address : null),
  };
}

/** Balances of account wallets: one read of the chain for all of them, keyed by each wallet's address. */
export async function accountBalances(
  chain: Pick<ChainAdapter, 'getBalances'>,
  wallets: FamilyWallet[],
  tokens: TokenRef[],
  fromNode: (work: () => Promise<BalanceSheet>) => Promise<BalanceSheet>,
): Promise<BalanceSheet> {
  const sheet = await fromNode(() =>
    chain.getBalances(
      wallets.map((w) => w.address),
      tokens,
    ),
  );
  return new Map(wallets.map((w) => [w.address, sheet.get(w.address) ?? new Map()]));
}
