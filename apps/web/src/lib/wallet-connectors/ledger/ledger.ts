import { recoverAddress, recoverMessageAddress, stringToHex } from 'viem';
import type { DerivedAccount } from '../hd-accounts';
import { accountOf, signedBy, signsOnlyMethods } from '../signed-by';
import { typedDataHashes } from '../typed-data-hashes';
import type { Address, WalletConnector } from '../types';
import { ledgerError, type LedgerStep } from './ledger-errors';
import type { ApduExchange, LedgerLayout, LedgerSession } from './ledger-device';

type Device = typeof import('./ledger-device');

/** Ledger's libraries (and their Node shims) load with the first use of a device. */
const device = (): Promise<Device> => import('./ledger-device');

declare global {
  interface Window {
    /**
     * Set only by the browser tests: they answer the app's APDUs with recordings of real devices
     * (no device or emulator runs there). The signatures are still checked like a device's.
     */
    __keysteadLedgerExchange?: ApduExchange;
  }
}

const testExchange = (): ApduExchange | undefined =>
  typeof window === 'undefined' ? undefined : window.__keysteadLedgerExchange;

export interface LedgerOptions {
  /** Stands in for the USB device (tests); default: WebHID. */
  exchange?: () => ApduExchange | undefined;
  /** Accounts listed per layout. */
  perLayout?: number;
  layouts?: readonly LedgerLayout[];
}

/**
 * Ledger over WebHID with its Ethereum app (Chromium browsers): connect lists the device's
 * accounts with their paths; Safe signatures are EIP-712 hashes (the device shows the domain and
 * message hashes the page shows beside them) and signer challenges personal messages. Every
 * signature is recovered in the page and compared with the account before it is used. It signs
 * only: a Safe's deployment or a relayed broadcast needs a wallet that sends.
 */
export function ledgerConnector(options: LedgerOptions = {}): WalletConnector {
  const exchange = options.exchange ?? testExchange;
  let accounts: DerivedAccount[] = [];

  const withDevice = async <T>(step: LedgerStep, run: (session: LedgerSession) => Promise<T>): Promise<T> => {
    let session: LedgerSession | undefined;
    try {
      const { openLedger } = await device();
      session = await openLedger(exchange());
      return await run(session);
    } catch (error) {
      throw ledgerError(error, step);
    } finally {
      await session?.close().catch(() => undefined);
    }
  };

  const pathOf = (address: Address): string => accountOf(accounts, address).path;

  return {
    id: 'ledger',
    name: 'Ledger',
    get accounts() {
      return accounts.map((account) => account.address);
    },
    available: () => Boolean(exchange()) || (typeof navigator !== 'undefined' && 'hid' in navigator),
    accountLabel: (address) => accounts.find((item) => item.address === address)?.path,
    async connect() {
      accounts = await withDevice('connect', async ({ eth }) => {
        const { listLedgerAccounts } = await device();
        return listLedgerAccounts(eth, options.perLayout ?? 5, options.layouts);
      });
      return accounts.map((account) => account.address);
    },
    async signMessage(address, message) {
      const path = pathOf(address);
      const signature = await withDevice('sign', async ({ eth }) => {
        const { devicePath, joinSignature } = await device();
        return joinSignature(await eth.signPersonalMessage(devicePath(path), stringToHex(message).slice(2)));
      });
      return signedBy(await recoverMessageAddress({ message, signature }), address, signature);
    },
    async signTypedData(address, data) {
      const path = pathOf(address);
      const hashes = typedDataHashes(data);
      const signature = await withDevice('sign', async ({ eth }) => {
        const { devicePath, joinSignature } = await device();
        const reply = await eth.signEIP712HashedMessage(
          devicePath(path),
          hashes.domain.slice(2),
          hashes.message.slice(2),
        );
        return joinSignature(reply);
      });
      return signedBy(await recoverAddress({ hash: hashes.digest, signature }), address, signature);
    },
    ...signsOnlyMethods('The Ledger connector'),
  };
}
