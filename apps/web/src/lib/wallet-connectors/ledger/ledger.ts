import { stringToHex } from 'viem';
import type { CustomPathAccounts } from '../custom-path';
import { DeviceAccounts } from '../hd-accounts';
import { checkedMessageSignature, checkedTypedSignature, signsOnlyMethods } from '../signed-by';
import { typedDataHashes } from '../typed-data-hashes';
import type { WalletConnector } from '../types';
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
 * signature is recovered in the page and compared with the account before it is used. The user
 * may add an account at a path of their own (addCustomAccount). It signs only: a Safe's
 * deployment or a relayed broadcast needs a wallet that sends.
 */
export function ledgerConnector(options: LedgerOptions = {}): WalletConnector & CustomPathAccounts {
  const exchange = options.exchange ?? testExchange;
  const accounts = new DeviceAccounts();

  /** Opens the app, runs one step with it and the device module, closes it; failures named. */
  const withDevice = async <T>(
    step: LedgerStep,
    run: (eth: LedgerSession['eth'], module: Device) => Promise<T>,
  ): Promise<T> => {
    let session: LedgerSession | undefined;
    try {
      const module = await device();
      session = await module.openLedger(exchange());
      return await run(session.eth, module);
    } catch (error) {
      throw ledgerError(error, step);
    } finally {
      await session?.close().catch(() => undefined);
    }
  };

  return {
    id: 'ledger',
    name: 'Ledger',
    get accounts() {
      return accounts.addresses;
    },
    available: () => Boolean(exchange()) || (typeof navigator !== 'undefined' && 'hid' in navigator),
    accountLabel: (address) => accounts.label(address),
    async connect() {
      const list = await withDevice('connect', (eth, { listLedgerAccounts }) =>
        listLedgerAccounts(eth, options.perLayout ?? 5, options.layouts),
      );
      return accounts.replace(list);
    },
    addCustomAccount: (request) =>
      accounts.addCustom(request, (path) =>
        withDevice('connect', async (eth, { ledgerAccountAt }) => (await ledgerAccountAt(eth, path)).address),
      ),
    async signMessage(address, message) {
      const path = accounts.pathOf(address);
      const signature = await withDevice('sign', async (eth, { devicePath, joinSignature }) =>
        joinSignature(await eth.signPersonalMessage(devicePath(path), stringToHex(message).slice(2))),
      );
      return checkedMessageSignature(address, message, signature);
    },
    async signTypedData(address, data) {
      const path = accounts.pathOf(address);
      const hashes = typedDataHashes(data);
      const signature = await withDevice('sign', async (eth, { devicePath, joinSignature }) =>
        joinSignature(
          await eth.signEIP712HashedMessage(
            devicePath(path),
            hashes.domain.slice(2),
            hashes.message.slice(2),
          ),
        ),
      );
      return checkedTypedSignature(address, hashes.digest, signature);
    },
    ...signsOnlyMethods('The Ledger connector'),
  };
}
