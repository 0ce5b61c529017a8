import { mnemonicToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import type { DevnetAccount } from './types';

/** Hardhat's default mnemonic: its accounts are public knowledge, so they are only for the devnet. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

let cached: DevnetAccount[] | undefined;

/** The first `count` Hardhat test accounts (derived once, m/44'/60'/0'/0/i as Hardhat does). */
export function hardhatAccounts(count = 10): DevnetAccount[] {
  if (!cached || cached.length < count) {
    cached = Array.from({ length: count }, (_, addressIndex) => {
      const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex });
      const key = account.getHdKey().privateKey;
      if (!key) throw new Error('HD key without private key');
      return { address: account.address, privateKey: toHex(key) };
    });
  }
  return cached.slice(0, count);
}
