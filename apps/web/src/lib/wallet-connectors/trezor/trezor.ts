import { getAddress, isAddress } from 'viem';
import { HDKey } from 'viem/accounts';
import { hexToBytes } from 'viem/utils';
import type { CustomPathAccounts } from '../custom-path';
import { DeviceAccounts, evmChildAccounts } from '../hd-accounts';
import { checkedMessageSignature, checkedTypedSignature, signsOnlyMethods } from '../signed-by';
import { typedDataHashes } from '../typed-data-hashes';
import { WalletError, type Address, type Hex, type TypedDataRequest, type WalletConnector } from '../types';
import { trezorError } from './trezor-errors';

/** What a Trezor Connect call resolves to. */
export type TrezorReply<T> =
  { success: true; payload: T } | { success: false; payload: { error: string; code?: string } };

/** The part of Trezor Connect the connector uses (its own types, kept narrow for the tests). */
export interface TrezorApi {
  ethereumGetPublicKey(params: {
    bundle: Array<{ path: string; showOnTrezor: boolean }>;
  }): Promise<TrezorReply<Array<{ publicKey: string; chainCode: string }>>>;
  ethereumGetAddress(params: {
    path: string;
    showOnTrezor: boolean;
  }): Promise<TrezorReply<{ address: string }>>;
  ethereumSignMessage(params: {
    path: string;
    message: string;
    hex: boolean;
  }): Promise<TrezorReply<{ address: string; signature: string }>>;
  ethereumSignTypedData(params: {
    path: string;
    data: TypedDataRequest;
    metamask_v4_compat: true;
    domain_separator_hash: string;
    message_hash: string;
  }): Promise<TrezorReply<{ address: string; signature: string }>>;
}

let connectReady: Promise<TrezorApi> | undefined;

/**
 * Trezor Connect for the browser, loaded and set up once (a second `init` is refused) with the
 * first use. It opens Trezor's own window (connect.trezor.io), which reaches the device over
 * Trezor Bridge or WebUSB. A failed set-up is tried again next time.
 */
export function trezorConnect(): Promise<TrezorApi> {
  connectReady ??= (async () => {
    const { default: connect } = await import('@trezor/connect-web');
    await connect.init({
      lazyLoad: true,
      manifest: { appName: 'Keystead', appUrl: location.origin, email: `security@${location.hostname}` },
    });
    return connect as unknown as TrezorApi;
  })().catch((error: unknown) => {
    connectReady = undefined;
    throw error;
  });
  return connectReady;
}

/** The extended keys read at connect, and the accounts under each (MetaMask's and MEW's layouts). */
const LAYOUTS = ["m/44'/60'/0'/0", "m/44'/60'/0'"] as const;

async function call<T>(reply: Promise<TrezorReply<T>>): Promise<T> {
  const result = await reply;
  if (!result.success) throw trezorError(result.payload);
  return result.payload;
}

const withPrefix = (hex: string): Hex => (hex.startsWith('0x') ? hex : `0x${hex}`) as Hex;

/**
 * Trezor (Model One, T, Safe…) through Trezor Connect: connect reads two extended keys in one
 * request and lists the BIP-44 and legacy accounts with their paths; Safe signatures are EIP-712
 * typed data sent whole with its domain and message hashes (a Model One signs the hashes and
 * shows them; newer models show the fields); signer challenges are personal messages. Every
 * signature is recovered in the page and compared with the account. The user may add an account
 * at a path of their own (addCustomAccount). It signs only.
 */
export function trezorConnector(
  api: () => Promise<TrezorApi> = trezorConnect,
  perLayout = 5,
): WalletConnector & CustomPathAccounts {
  const accounts = new DeviceAccounts();

  const connection = async (): Promise<TrezorApi> => {
    try {
      return await api();
    } catch (error) {
      throw new WalletError('hardware_connection', String(error));
    }
  };

  return {
    id: 'trezor',
    name: 'Trezor',
    get accounts() {
      return accounts.addresses;
    },
    available: () => typeof window !== 'undefined',
    accountLabel: (address) => accounts.label(address),
    async connect() {
      const trezor = await connection();
      const keys = await call(
        trezor.ethereumGetPublicKey({
          bundle: LAYOUTS.map((path) => ({ path, showOnTrezor: false })),
        }),
      );
      const list = LAYOUTS.flatMap((parent, index) => {
        const key = keys[index]!;
        const node = new HDKey({
          publicKey: hexToBytes(withPrefix(key.publicKey)),
          chainCode: hexToBytes(withPrefix(key.chainCode)),
        });
        return evmChildAccounts(node, parent, perLayout);
      });
      return accounts.replace(list);
    },
    addCustomAccount: (request) =>
      accounts.addCustom(request, async (path): Promise<Address> => {
        const trezor = await connection();
        const { address } = await call(trezor.ethereumGetAddress({ path, showOnTrezor: false }));
        if (!isAddress(address, { strict: false }))
          throw new WalletError('hardware_device', `address of ${path}`);
        return getAddress(address);
      }),
    async signMessage(address, message) {
      const path = accounts.pathOf(address);
      const trezor = await connection();
      const reply = await call(trezor.ethereumSignMessage({ path, message, hex: false }));
      return checkedMessageSignature(address, message, withPrefix(reply.signature));
    },
    async signTypedData(address, data) {
      const path = accounts.pathOf(address);
      const hashes = typedDataHashes(data);
      const trezor = await connection();
      const reply = await call(
        trezor.ethereumSignTypedData({
          path,
          data,
          metamask_v4_compat: true,
          domain_separator_hash: hashes.domain,
          message_hash: hashes.message,
        }),
      );
      return checkedTypedSignature(address, hashes.digest, withPrefix(reply.signature));
    },
    ...signsOnlyMethods('The Trezor connector'),
  };
}
