import { getAddress, getTypesForEIP712Domain, isAddress, stringToHex, type TypedDataDomain } from 'viem';
import { HDKey } from 'viem/accounts';
import { hexToBytes } from 'viem/utils';
import type { CustomPathAccounts } from '../custom-path';
import { DeviceAccounts, evmChildAccounts } from '../hd-accounts';
import { checkedMessageSignature, checkedTypedSignature, signsOnlyMethods } from '../signed-by';
import { typedDataHashes } from '../typed-data-hashes';
import { WalletError, type Address, type Hex, type TypedDataRequest, type WalletConnector } from '../types';
import { oneKeyError } from './onekey-errors';

/** What a OneKey SDK call resolves to (hd-core's `Response`). */
export type OneKeyReply<T> =
  { success: true; payload: T } | { success: false; payload: { error: string; code?: string | number } };

/** The device a request goes to: the SDK's `connectId` (USB serial) and `deviceId` (features.device_id). */
export interface OneKeyTarget {
  connectId: string;
  deviceId: string;
}

/** The part of the OneKey hardware SDK the connector uses (its own names, kept narrow for the tests). */
export interface OneKeyApi {
  searchDevices(): Promise<OneKeyReply<Array<{ connectId: string | null; deviceId: string | null }>>>;
  getFeatures(connectId: string): Promise<OneKeyReply<{ device_id?: string | null }>>;
  evmGetPublicKey(
    connectId: string,
    deviceId: string,
    params: { bundle: Array<{ path: string; showOnOneKey: boolean }> },
  ): Promise<OneKeyReply<Array<{ path: string; node: { chain_code: string; public_key: string } }>>>;
  evmGetAddress(
    connectId: string,
    deviceId: string,
    params: { path: string; showOnOneKey: boolean },
  ): Promise<OneKeyReply<{ path: string; address: string }>>;
  evmSignMessage(
    connectId: string,
    deviceId: string,
    params: { path: string; messageHex: string },
  ): Promise<OneKeyReply<{ address: string; signature: string }>>;
  evmSignTypedData(
    connectId: string,
    deviceId: string,
    params: {
      path: string;
      data: TypedDataRequest;
      metamaskV4Compat: true;
      domainHash: string;
      messageHash: string;
    },
  ): Promise<OneKeyReply<{ address: string; signature: string }>>;
}

/** OneKey's WebUSB ids (hd-shared's ONEKEY_WEBUSB_FILTER), for the browser's device chooser. */
const WEBUSB_FILTERS = [
  { vendorId: 0x1209, productId: 0x53c0 },
  { vendorId: 0x1209, productId: 0x53c1 },
  { vendorId: 0x1209, productId: 0x4f4a },
  { vendorId: 0x1209, productId: 0x4f4b },
];

interface UsbLike {
  getDevices(): Promise<Array<{ vendorId: number; productId: number }>>;
  requestDevice(options: { filters: typeof WEBUSB_FILTERS }): Promise<unknown>;
}

const webUsb = (): UsbLike | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as { usb?: UsbLike }).usb;

/**
 * Lets the page reach a OneKey over WebUSB: when the browser has not been allowed one yet, its
 * device chooser opens. Called first, while the user's click still counts as a gesture (before
 * the SDK loads). A closed chooser is fine: the SDK then names the device as not found.
 */
export async function allowWebUsbDevice(): Promise<void> {
  const usb = webUsb();
  if (!usb) return;
  const known = await usb.getDevices().catch(() => []);
  const isOneKey = (device: { vendorId: number; productId: number }) =>
    WEBUSB_FILTERS.some((item) => item.vendorId === device.vendorId && item.productId === device.productId);
  if (known.some(isOneKey)) return;
  await usb.requestDevice({ filters: WEBUSB_FILTERS }).catch(() => undefined);
}

let sdkReady: Promise<OneKeyApi> | undefined;

/**
 * OneKey's SDK (onekey-sdk.ts), loaded and set up once with the first use: WebUSB where the
 * browser has it, else OneKey Bridge. A failed set-up is tried again next time.
 */
export function oneKeySdk(): Promise<OneKeyApi> {
  sdkReady ??= import('./onekey-sdk')
    .then(({ startOneKeySdk }) => startOneKeySdk(webUsb() !== undefined))
    .catch((error: unknown) => {
      sdkReady = undefined;
      throw error;
    });
  return sdkReady;
}

/** The extended keys read at connect, and the accounts under each (MetaMask's and MEW's layouts). */
const LAYOUTS = ["m/44'/60'/0'/0", "m/44'/60'/0'"] as const;

/** A call's result, or its failure as a §8 client message. */
export async function oneKeyCall<T>(reply: Promise<OneKeyReply<T>>): Promise<T> {
  const result = await reply;
  if (!result.success) throw oneKeyError(result.payload);
  return result.payload;
}

/** The first OneKey the SDK finds now, with its device id (from its features when the search leaves it out). */
export async function findOneKeyDevice(
  onekey: Pick<OneKeyApi, 'searchDevices' | 'getFeatures'>,
): Promise<OneKeyTarget> {
  const found = (await oneKeyCall(onekey.searchDevices())).find((item) => item.connectId);
  if (!found?.connectId) throw new WalletError('no_device', 'no OneKey found');
  const deviceId = found.deviceId ?? (await oneKeyCall(onekey.getFeatures(found.connectId))).device_id;
  if (!deviceId) throw new WalletError('hardware_device', 'the OneKey named no device id');
  return { connectId: found.connectId, deviceId };
}

const withPrefix = (hex: string): Hex => (hex.startsWith('0x') ? hex : `0x${hex}`) as Hex;

/**
 * The typed data as the device parses it: with EIP712Domain among its types (derived from the
 * domain when the request leaves it out, as eth_signTypedData_v4 allows).
 */
function withDomainType(data: TypedDataRequest): TypedDataRequest {
  if (data.types.EIP712Domain) return data;
  const domainType = getTypesForEIP712Domain({ domain: data.domain as TypedDataDomain });
  return { ...data, types: { EIP712Domain: domainType, ...data.types } };
}

/**
 * OneKey (Classic, Classic 1S, Mini, Touch, Pro) through OneKey's hardware SDK: connect finds the
 * device, reads two extended keys in one request and lists the BIP-44 and legacy accounts with
 * their paths; Safe signatures are EIP-712 typed data sent whole with its domain and message
 * hashes (models that cannot parse it sign the hashes); signer challenges are personal messages.
 * Every signature is recovered in the page and compared with the account. The user may add an
 * account at a path of their own (addCustomAccount). It signs only.
 */
export function oneKeyConnector(
  api: () => Promise<OneKeyApi> = oneKeySdk,
  perLayout = 5,
  allowDevice: () => Promise<void> = allowWebUsbDevice,
): WalletConnector & CustomPathAccounts {
  const accounts = new DeviceAccounts();
  let target: OneKeyTarget | undefined;

  const connection = async (): Promise<OneKeyApi> => {
    try {
      return await api();
    } catch (error) {
      throw new WalletError('hardware_connection', String(error));
    }
  };

  /** A call's result; a failure forgets the device, so the next call looks for it again. */
  const run = async <T>(reply: Promise<OneKeyReply<T>>): Promise<T> => {
    try {
      return await oneKeyCall(reply);
    } catch (error) {
      target = undefined;
      throw error;
    }
  };

  /** The device of the last connect, or the first one the SDK finds now. */
  const device = async (onekey: OneKeyApi): Promise<OneKeyTarget> => {
    target ??= await findOneKeyDevice(onekey);
    return target;
  };

  return {
    id: 'onekey',
    name: 'OneKey',
    get accounts() {
      return accounts.addresses;
    },
    available: () => typeof window !== 'undefined',
    accountLabel: (address) => accounts.label(address),
    async connect() {
      await allowDevice();
      const onekey = await connection();
      target = undefined;
      const { connectId, deviceId } = await device(onekey);
      const keys = await run(
        onekey.evmGetPublicKey(connectId, deviceId, {
          bundle: LAYOUTS.map((path) => ({ path, showOnOneKey: false })),
        }),
      );
      const list = LAYOUTS.flatMap((parent, index) => {
        const key = keys[index];
        if (!key?.node) throw new WalletError('hardware_device', `no public key for ${parent}`);
        const node = new HDKey({
          publicKey: hexToBytes(withPrefix(key.node.public_key)),
          chainCode: hexToBytes(withPrefix(key.node.chain_code)),
        });
        return evmChildAccounts(node, parent, perLayout);
      });
      return accounts.replace(list);
    },
    addCustomAccount: (request) =>
      accounts.addCustom(request, async (path): Promise<Address> => {
        const onekey = await connection();
        const { connectId, deviceId } = await device(onekey);
        const { address } = await run(
          onekey.evmGetAddress(connectId, deviceId, { path, showOnOneKey: false }),
        );
        if (!isAddress(address, { strict: false }))
          throw new WalletError('hardware_device', `address of ${path}`);
        return getAddress(address);
      }),
    async signMessage(address, message) {
      const path = accounts.pathOf(address);
      const onekey = await connection();
      const { connectId, deviceId } = await device(onekey);
      const reply = await run(
        onekey.evmSignMessage(connectId, deviceId, { path, messageHex: stringToHex(message).slice(2) }),
      );
      return checkedMessageSignature(address, message, withPrefix(reply.signature));
    },
    async signTypedData(address, data) {
      const path = accounts.pathOf(address);
      const hashes = typedDataHashes(data);
      const onekey = await connection();
      const { connectId, deviceId } = await device(onekey);
      const reply = await run(
        onekey.evmSignTypedData(connectId, deviceId, {
          path,
          data: withDomainType(data),
          metamaskV4Compat: true,
          domainHash: hashes.domain,
          messageHash: hashes.message,
        }),
      );
      return checkedTypedSignature(address, hashes.digest, withPrefix(reply.signature));
    },
    ...signsOnlyMethods('The OneKey connector'),
  };
}
