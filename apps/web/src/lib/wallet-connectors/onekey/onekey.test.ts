import { HDKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HardwareErrorCode } from '@onekeyfe/hd-shared';
import { buildTransfer, safeTxTypedData } from '@keystead/chains';
import { describe, expect, it } from 'vitest';
import { formatClientMessage, isClientMessageKey } from '@keystead/contract/errors/client-messages';
import { CustomPathLimitError } from '../custom-path';
import { typedDataHashes } from '../typed-data-hashes';
import type { TypedDataRequest } from '../types';
import type { OneKeyApi, OneKeyReply } from './onekey';
import { oneKeyConnector } from './onekey';
import { ONEKEY_CODE_MESSAGES, oneKeyError } from './onekey-errors';
import { startOneKeySdk } from './onekey-sdk';
import { GET_ADDRESS, GET_PUBLIC_KEY, SIGN_MESSAGE, SIGN_TYPED_DATA } from './onekey-fixtures';

const ok = <T>(payload: T): OneKeyReply<T> => ({ success: true, payload });
const failed = (code: number): OneKeyReply<never> => ({
  success: false,
  payload: { error: `code ${code}`, code },
});

/**
 * The stand-in's device identifiers. Not device data: the SDK names a USB device by its serial
 * (`connectId`) and the device by its features' `device_id`; the stand-in checks that every
 * request goes to the device it listed.
 */
const CONNECT_ID = 'stand-in-usb-serial';
const DEVICE_ID = 'stand-in-device-id';

/** The message bytes as OneKey's SDK takes them (hex of the UTF-8 text, no 0x), built by Node. */
const messageHex = (message: string) => Buffer.from(message, 'utf8').toString('hex');

/**
 * Stands in for OneKey's SDK with what devices answered in OneKey's firmware fixtures: it answers
 * only a request equal to the fixture's parameters, sent to the device it listed, so the
 * connector's requests are checked too. `keys` answers evmGetPublicKey (a fixture, or keys
 * computed from the fixture's phrase). `calls` counts every request that reached it.
 */
function fixtureOneKey(keys: Record<string, { chain_code: string; public_key: string }>) {
  const calls: string[] = [];
  const toDevice = (connectId: string, deviceId: string) =>
    expect([connectId, deviceId]).toEqual([CONNECT_ID, DEVICE_ID]);
  const api: OneKeyApi = {
    async searchDevices() {
      calls.push('searchDevices');
      return ok([{ connectId: CONNECT_ID, deviceId: null }]);
    },
    async getFeatures(connectId) {
      calls.push('getFeatures');
      return connectId === CONNECT_ID
        ? ok({ device_id: DEVICE_ID })
        : failed(HardwareErrorCode.DeviceNotFound);
    },
    async evmGetPublicKey(connectId, deviceId, { bundle }) {
      calls.push('evmGetPublicKey');
      toDevice(connectId, deviceId);
      const found = bundle.map((item) =>
        item.showOnOneKey || !keys[item.path] ? undefined : { path: item.path, node: keys[item.path]! },
      );
      return found.every(Boolean)
        ? ok(found as Array<{ path: string; node: { chain_code: string; public_key: string } }>)
        : failed(HardwareErrorCode.CallMethodInvalidParameter);
    },
    async evmGetAddress(connectId, deviceId, { path, showOnOneKey }) {
      calls.push('evmGetAddress');
      toDevice(connectId, deviceId);
      const address = showOnOneKey ? undefined : GET_ADDRESS.addresses[path];
      return address ? ok({ path, address }) : failed(HardwareErrorCode.CallMethodInvalidParameter);
    },
    async evmSignMessage(connectId, deviceId, params) {
      calls.push('evmSignMessage');
      toDevice(connectId, deviceId);
      const fixture = SIGN_MESSAGE.cases.find(
        (item) => params.path === SIGN_MESSAGE.path && params.messageHex === messageHex(item.message),
      );
      expect(params).toEqual({ path: SIGN_MESSAGE.path, messageHex: messageHex(fixture!.message) });
      return ok({ address: SIGN_MESSAGE.address, signature: fixture!.signature });
    },
    async evmSignTypedData(connectId, deviceId, params) {
      calls.push('evmSignTypedData');
      toDevice(connectId, deviceId);
      expect(params).toEqual({
        path: SIGN_TYPED_DATA.path,
        data: SIGN_TYPED_DATA.data,
        metamaskV4Compat: true,
        domainHash: SIGN_TYPED_DATA.domain_separator_hash,
        messageHash: SIGN_TYPED_DATA.message_hash,
      });
      return ok({ address: SIGN_TYPED_DATA.address, signature: SIGN_TYPED_DATA.signature });
    },
  };
  return { api, calls };
}

/** Extended keys computed from a phrase (not a device reply): for the signing fixtures' device. */
function keysOf(mnemonic: string) {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const key = (path: string) => {
    const node = root.derive(path);
    return {
      chain_code: bytesToHex(node.chainCode!).slice(2),
      public_key: bytesToHex(node.publicKey!).slice(2),
    };
  };
  return { "m/44'/60'/0'/0": key("m/44'/60'/0'/0"), "m/44'/60'/0'": key("m/44'/60'/0'") };
}

const noChooser = async () => undefined;

describe('OneKey connector, answered from OneKey firmware fixtures', () => {
  it('lists the BIP-44 and legacy accounts of the device keys, each with its path', async () => {
    const { api, calls } = fixtureOneKey(GET_PUBLIC_KEY.keys);
    const connector = oneKeyConnector(async () => api, 5, noChooser);
    const accounts = await connector.connect();
    expect(accounts).toHaveLength(10);
    for (const address of accounts) {
      const path = connector.accountLabel!(address) as `m/44'/60'/${string}`;
      expect(address).toBe(mnemonicToAccount(GET_PUBLIC_KEY.mnemonic, { path }).address);
    }
    expect(connector.accountLabel!(accounts[0]!)).toBe("m/44'/60'/0'/0/0");
    expect(connector.accountLabel!(accounts[5]!)).toBe("m/44'/60'/0'/0");
    // One search, the device id from its features, one request for both keys.
    expect(calls).toEqual(['searchDevices', 'getFeatures', 'evmGetPublicKey']);
  });

  it("signs personal messages and typed data with its hashes; the device's bytes equal the phrase key's", async () => {
    const { api } = fixtureOneKey(keysOf(SIGN_MESSAGE.mnemonic));
    const connector = oneKeyConnector(async () => api, 5, noChooser);
    const accounts = await connector.connect();
    expect(accounts[0]).toBe(SIGN_MESSAGE.address);
    const key = mnemonicToAccount(SIGN_MESSAGE.mnemonic, { path: "m/44'/60'/0'/0/0" });

    for (const { message } of SIGN_MESSAGE.cases) {
      const signature = await connector.signMessage(accounts[0]!, message);
      expect(signature).toBe(await key.signMessage({ message }));
    }

    // The fixture's hashes are the page's own (typed-data-hashes), so the request matched them.
    const hashes = typedDataHashes(SIGN_TYPED_DATA.data);
    expect([hashes.domain, hashes.message]).toEqual([
      SIGN_TYPED_DATA.domain_separator_hash,
      SIGN_TYPED_DATA.message_hash,
    ]);
    const typed = await connector.signTypedData(accounts[0]!, SIGN_TYPED_DATA.data);
    expect(typed).toBe(await key.signTypedData(SIGN_TYPED_DATA.data as never));
  });

  it("sends a Safe transaction's typed data whole, EIP712Domain added from its domain (request only: no published fixture)", async () => {
    const { api } = fixtureOneKey(keysOf(SIGN_MESSAGE.mnemonic));
    const requests: unknown[] = [];
    const connector = oneKeyConnector(
      async () => ({
        ...api,
        evmSignTypedData: async (_connectId, _deviceId, params) => {
          requests.push(params);
          return failed(HardwareErrorCode.ActionCancelled);
        },
      }),
      5,
      noChooser,
    );
    const [account] = await connector.connect();
    // The Safe's own typed data as the platform builds it, without EIP712Domain (as v4 allows).
    const tx = buildTransfer({
      token: { contract: null, symbol: 'ETH', decimals: 18 },
      to: '0x2222222222222222222222222222222222222222',
      amount: 1_000_000_000_000_000n,
      nonce: 3n,
    });
    const full = safeTxTypedData(11155111, '0x1111111111111111111111111111111111111111', tx);
    const { EIP712Domain: domainType, ...types } = full.types;
    const safeTx = { ...full, types } as unknown as TypedDataRequest;
    await expect(connector.signTypedData(account!, safeTx)).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    const hashes = typedDataHashes(safeTx);
    expect(requests).toEqual([
      {
        path: "m/44'/60'/0'/0/0",
        data: {
          ...safeTx,
          types: { EIP712Domain: domainType, ...safeTx.types },
        },
        metamaskV4Compat: true,
        domainHash: hashes.domain,
        messageHash: hashes.message,
      },
    ]);
  });

  it('refuses a signature by another account and names device failures', async () => {
    const { api, calls } = fixtureOneKey(keysOf(SIGN_MESSAGE.mnemonic));
    const connector = oneKeyConnector(
      async () => ({
        ...api,
        // The device answers with the fixture's signature for another message: not this account's.
        evmSignMessage: async () =>
          ok({ address: SIGN_MESSAGE.address, signature: SIGN_MESSAGE.cases[0]!.signature }),
      }),
      5,
      noChooser,
    );
    const [account] = await connector.connect();
    await expect(connector.signMessage(account!, 'another message')).rejects.toMatchObject({
      code: 'signer_mismatch',
    });

    // A failed call forgets the device: the next one looks for it again.
    let refuse = true;
    const refusing = oneKeyConnector(
      async () => ({
        ...api,
        evmSignTypedData: async (connectId, deviceId, params) =>
          refuse
            ? failed(HardwareErrorCode.ActionCancelled)
            : api.evmSignTypedData(connectId, deviceId, params),
      }),
      5,
      noChooser,
    );
    calls.length = 0;
    const [first] = await refusing.connect();
    await expect(refusing.signTypedData(first!, SIGN_TYPED_DATA.data)).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    refuse = false;
    await refusing.signTypedData(first!, SIGN_TYPED_DATA.data);
    expect(calls).toEqual([
      'searchDevices',
      'getFeatures',
      'evmGetPublicKey',
      'searchDevices',
      'getFeatures',
      'evmSignTypedData',
    ]);

    const locked = oneKeyConnector(
      async () => ({ ...api, evmGetPublicKey: async () => failed(HardwareErrorCode.PinCancelled) }),
      5,
      noChooser,
    );
    await expect(locked.connect()).rejects.toMatchObject({ code: 'hardware_pin' });
    const none = oneKeyConnector(async () => ({ ...api, searchDevices: async () => ok([]) }), 5, noChooser);
    await expect(none.connect()).rejects.toMatchObject({ code: 'no_device' });
    const noBridge = oneKeyConnector(
      async () => ({ ...api, searchDevices: async () => failed(HardwareErrorCode.BridgeNotInstalled) }),
      5,
      noChooser,
    );
    await expect(noBridge.connect()).rejects.toMatchObject({ code: 'hardware_connection' });
    const unreachable = oneKeyConnector(
      async () => {
        throw new Error('the OneKey SDK did not start');
      },
      5,
      noChooser,
    );
    await expect(unreachable.connect()).rejects.toMatchObject({ code: 'hardware_connection' });
  });

  it('signs only: transactions are refused without asking the device', async () => {
    const { api, calls } = fixtureOneKey(keysOf(SIGN_MESSAGE.mnemonic));
    const connector = oneKeyConnector(async () => api, 5, noChooser);
    expect(connector.signsOnly).toBe(true);
    expect(connector.signsOffline).toBe(false);
    await expect(
      connector.sendTransaction(1, { from: SIGN_MESSAGE.address, to: SIGN_MESSAGE.address }),
    ).rejects.toMatchObject({ code: 'hardware_blockchain' });
    expect(calls).toEqual([]);
  });
});

describe("OneKey's own SDK, loaded for real (no device and no OneKey Bridge on this machine)", () => {
  it("names the SDK's own failure: its Bridge transport finds nothing on 127.0.0.1:21320", async () => {
    const connector = oneKeyConnector(() => startOneKeySdk(false), 5, noChooser);
    const error = await connector.connect().catch((failure: unknown) => failure);
    // BridgeNetworkError (806), as the SDK's HTTP transport reports a refused connection.
    expect(error).toMatchObject({ code: 'hardware_connection' });
    expect(String((error as Error).message)).toContain('806');
  });
});

describe('OneKey error codes', () => {
  it("maps every code of hd-shared's HardwareErrorCode, at its number, to a §8 client message", () => {
    const published = Object.entries(HardwareErrorCode);
    expect(Object.keys(ONEKEY_CODE_MESSAGES).sort()).toEqual(published.map(([name]) => name).sort());
    for (const [name, number] of published) {
      const [mapped, message] = ONEKEY_CODE_MESSAGES[name as keyof typeof ONEKEY_CODE_MESSAGES];
      expect(mapped, name).toBe(number);
      expect(isClientMessageKey(message), name).toBe(true);
      expect(oneKeyError({ error: name, code: number }).code, name).toBe(message);
      for (const language of ['en-US', 'zh-CN', 'zh-HK'] as const)
        expect(formatClientMessage(message, language).length, `${name} ${language}`).toBeGreaterThan(0);
    }
  });

  it('names each kind of failure as the Trezor and Ledger connectors do', () => {
    const cases: Array<[number | string | undefined, string]> = [
      [HardwareErrorCode.ActionCancelled, 'wallet_user_reject'],
      [HardwareErrorCode.DeviceInterruptedFromUser, 'wallet_user_reject'],
      [HardwareErrorCode.PinInvalid, 'hardware_pin'],
      [HardwareErrorCode.PinCancelled, 'hardware_pin'],
      [HardwareErrorCode.DeviceNotFound, 'no_device'],
      [HardwareErrorCode.WebDeviceNotFoundOrNeedsPermission, 'no_device'],
      [HardwareErrorCode.WebDevicePromptAccessError, 'no_device'],
      [HardwareErrorCode.DeviceBusy, 'hardware_device'],
      [HardwareErrorCode.TransportCallInProgress, 'hardware_device'],
      [HardwareErrorCode.BridgeNeedsPermission, 'hardware_permission'],
      [HardwareErrorCode.BridgeNotInstalled, 'hardware_connection'],
      [HardwareErrorCode.BridgeNetworkError, 'hardware_connection'],
      [HardwareErrorCode.TransportNotFound, 'hardware_connection'],
      [HardwareErrorCode.CallMethodInvalidParameter, 'hardware_invalid_params'],
      [HardwareErrorCode.DeviceNotSupportMethod, 'hardware_blockchain'],
      [HardwareErrorCode.BlindSignDisabled, 'allow_transaction_data'],
      [HardwareErrorCode.UnknownError, 'hardware_unknown'],
      ['803', 'wallet_user_reject'], // a code sent as text
      [99999, 'hardware_other'], // a code this SDK version does not know
      [undefined, 'hardware_unknown'], // no code at all
    ];
    for (const [code, message] of cases)
      expect(oneKeyError({ error: 'failure', code }).code, String(code)).toBe(message);
  });
});

/** The address of `path` under a phrase, derived by viem (any coin type, unlike mnemonicToAccount's type). */
function phraseAddress(mnemonic: string, path: string) {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path);
  return privateKeyToAccount(bytesToHex(key.privateKey!)).address;
}

describe('OneKey custom derivation paths, answered from getaddress.json', () => {
  it('adds accounts at paths connect does not list, as a whole path or an index in a layout', async () => {
    const { api } = fixtureOneKey(keysOf(GET_ADDRESS.mnemonic));
    const connector = oneKeyConnector(async () => api, 5, noChooser);
    const listed = await connector.connect();
    const bip44 = await connector.addCustomAccount({ scheme: 'bip44', index: 100 });
    const hardened = await connector.addCustomAccount({ path: "m/44'/60'/100'" });
    const classic = await connector.addCustomAccount({ path: "m/44'/61'/0'/0/0" });
    const gochain = await connector.addCustomAccount({ path: "m/44'/6060'/0'/0/0" });
    expect([bip44, hardened, classic, gochain]).toEqual(Object.values(GET_ADDRESS.addresses));
    for (const address of [bip44, hardened, classic, gochain])
      expect(address).toBe(phraseAddress(GET_ADDRESS.mnemonic, connector.accountLabel!(address)!));
    expect(connector.accountLabel!(bip44)).toBe("m/44'/60'/0'/0/100");
    expect(connector.accounts).toEqual([...listed, bip44, hardened, classic, gochain]);
  });

  it('signs with a custom account at its path', async () => {
    const { api } = fixtureOneKey({});
    const requests: unknown[] = [];
    const connector = oneKeyConnector(
      async () => ({
        ...api,
        evmSignMessage: async (_connectId, _deviceId, params) => {
          requests.push(params);
          return failed(HardwareErrorCode.ActionCancelled);
        },
      }),
      5,
      noChooser,
    );
    const address = await connector.addCustomAccount({ path: "m/44'/60'/0'/0/100" });
    await expect(connector.signMessage(address, 'foo')).rejects.toMatchObject({ code: 'wallet_user_reject' });
    expect(requests).toEqual([{ path: "m/44'/60'/0'/0/100", messageHex: '666f6f' }]);
  });

  it('refuses an index above the limit, or no path, without asking the device', async () => {
    const { api, calls } = fixtureOneKey({});
    let loaded = 0;
    const connector = oneKeyConnector(
      async () => {
        loaded += 1;
        return api;
      },
      5,
      noChooser,
    );
    const error = await connector
      .addCustomAccount({ path: "m/44'/60'/0'/0/1001" })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(CustomPathLimitError);
    const { code, params } = error as CustomPathLimitError;
    expect(formatClientMessage(code, 'zh-CN', params)).toBe('自定义派生路径序号超出上限 1000。');
    await expect(connector.addCustomAccount({ scheme: 'bip44', index: 1001 })).rejects.toMatchObject({
      code: 'custom_path_limit',
    });
    await expect(connector.addCustomAccount({ scheme: 'live', index: 5000 })).rejects.toMatchObject({
      code: 'custom_path_limit',
    });
    await expect(connector.addCustomAccount({ path: "m/44'/60'/0'/0/-1" })).rejects.toMatchObject({
      code: 'hardware_invalid_params',
    });
    expect(calls).toEqual([]);
    expect(loaded).toBe(0);
  });
});
