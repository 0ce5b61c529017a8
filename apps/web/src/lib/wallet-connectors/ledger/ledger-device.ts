import '../../node-globals';
import Eth from '@ledgerhq/hw-app-eth';
import { HDKey } from 'viem/accounts';
import { getAddress, hexToBytes } from 'viem/utils';
import { evmAddressOfKey, evmChildAccounts, type DerivedAccount } from '../hd-accounts';
import { WalletError, type Hex } from '../types';
import { openTransport, type ApduExchange } from './ledger-transport';

export type { ApduExchange };

export interface LedgerSession {
  eth: Eth;
  close(): Promise<void>;
}

/**
 * Opens the Ethereum app: over WebHID (a device already allowed, else the browser's chooser), or
 * over `exchange` when a test provides one.
 */
export async function openLedger(exchange?: ApduExchange): Promise<LedgerSession> {
  const transport = await openTransport(exchange);
  return { eth: new Eth(transport), close: () => transport.close() };
}

/** Account layouts wallets use with a Ledger; the same device gives different addresses in each. */
export type LedgerLayout = 'bip44' | 'legacy' | 'live';
export const LEDGER_LAYOUTS: readonly LedgerLayout[] = ['bip44', 'legacy', 'live'];

/** Extended key of `path` read from the device (public key and chain code, not shown on it). */
async function extendedKey(eth: Eth, path: string): Promise<HDKey> {
  const reply = await eth.getAddress(path, false, true);
  if (!reply.chainCode) throw new WalletError('hardware_device', 'no chain code');
  return new HDKey({
    publicKey: hexToBytes(`0x${reply.publicKey}`),
    chainCode: hexToBytes(`0x${reply.chainCode}`),
  });
}

/** A path as the Ethereum app takes it (no "m/"). */
export const devicePath = (path: string) => path.replace(/^m\//, '');

/**
 * The account at `path` (`m/…`), one getAddress request without display or chain code; the
 * address the device names is checked against the public key it returned.
 */
export async function ledgerAccountAt(eth: Eth, path: string): Promise<DerivedAccount> {
  const reply = await eth.getAddress(devicePath(path), false, false);
  const address = evmAddressOfKey(hexToBytes(`0x${reply.publicKey}`));
  if (getAddress(reply.address) !== address) throw new WalletError('hardware_device', `address of ${path}`);
  return { address, path };
}

/**
 * The device's accounts in each layout: BIP-44 m/44'/60'/0'/0/i (MetaMask, Ledger Live's first
 * account) and legacy m/44'/60'/0'/i (MEW/MyCrypto) from one extended key each; Ledger Live's
 * further accounts m/44'/60'/i'/0/0 one request each (hardened: not derivable from a public key).
 * Each address the device names itself is checked against its public key.
 */
export async function listLedgerAccounts(
  eth: Eth,
  perLayout: number,
  layouts: readonly LedgerLayout[] = LEDGER_LAYOUTS,
): Promise<DerivedAccount[]> {
  const accounts: DerivedAccount[] = [];
  if (layouts.includes('bip44'))
    accounts.push(...evmChildAccounts(await extendedKey(eth, "44'/60'/0'/0"), "m/44'/60'/0'/0", perLayout));
  if (layouts.includes('legacy'))
    accounts.push(...evmChildAccounts(await extendedKey(eth, "44'/60'/0'"), "m/44'/60'/0'", perLayout));
  if (layouts.includes('live'))
    for (let index = 1; index < perLayout; index += 1)
      accounts.push(await ledgerAccountAt(eth, `m/44'/60'/${index}'/0/0`));
  return accounts;
}

/** The device's { v, r, s } as one 65-byte signature (v 27/28, as Safe expects of a signer). */
export function joinSignature(signature: { v: number; r: string; s: string }): Hex {
  const v = signature.v < 27 ? signature.v + 27 : signature.v;
  return `0x${signature.r.padStart(64, '0')}${signature.s.padStart(64, '0')}${v.toString(16).padStart(2, '0')}`;
}
