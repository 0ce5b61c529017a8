import { HDKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { formatClientMessage } from '@keystead/contract/errors/client-messages';
import { CustomPathLimitError } from '../custom-path';
import type { TrezorApi, TrezorReply } from './trezor';
import { trezorConnector } from './trezor';
import { GET_ADDRESS, GET_PUBLIC_KEY, SIGN_MESSAGE, SIGN_TYPED_DATA } from './trezor-fixtures';

const ok = <T>(payload: T): TrezorReply<T> => ({ success: true, payload });
const failed = (code: string): TrezorReply<never> => ({ success: false, payload: { error: code, code } });

/**
 * Stands in for Trezor Connect with what devices answered in Trezor's fixtures: it answers only
 * a request equal to the fixture's parameters, so the connector's requests are checked too.
 * `keys` answers getPublicKey (a fixture, or keys computed from the fixture's phrase).
 */
function fixtureTrezor(keys: Record<string, { chainCode: string; publicKey: string }>): TrezorApi {
  return {
    async ethereumGetPublicKey({ bundle }) {
      const found = bundle.map((item) => (item.showOnTrezor ? undefined : keys[item.path]));
      return found.every(Boolean)
        ? ok(found as Array<{ chainCode: string; publicKey: string }>)
        : failed('Method_InvalidParameter');
    },
    async ethereumGetAddress({ path, showOnTrezor }) {
      const address = showOnTrezor ? undefined : GET_ADDRESS.addresses[path];
      return address ? ok({ address }) : failed('Method_InvalidParameter');
    },
    async ethereumSignMessage(params) {
      expect(params).toEqual({ path: SIGN_MESSAGE.path, message: SIGN_MESSAGE.message, hex: false });
      return ok({ address: SIGN_MESSAGE.address, signature: SIGN_MESSAGE.signature });
    },
    async ethereumSignTypedData(params) {
      const { address: _address, signature: _signature, ...request } = SIGN_TYPED_DATA;
      expect(params).toEqual(request);
      return ok({ address: SIGN_TYPED_DATA.address, signature: SIGN_TYPED_DATA.signature });
    },
  };
}

/** Extended keys computed from a phrase (not a device reply): for the signing fixtures' device. */
function keysOf(mnemonic: string) {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const key = (path: string) => {
    const node = root.derive(path);
    return {
      chainCode: bytesToHex(node.chainCode!).slice(2),
      publicKey: bytesToHex(node.publicKey!).slice(2),
    };
  };
  return { "m/44'/60'/0'/0": key("m/44'/60'/0'/0"), "m/44'/60'/0'": key("m/44'/60'/0'") };
}

describe('Trezor connector, answered from Trezor firmware fixtures', () => {
  it('lists the BIP-44 and legacy accounts of the device keys, each with its path', async () => {
    const connector = trezorConnector(async () => fixtureTrezor(GET_PUBLIC_KEY.keys));
    const accounts = await connector.connect();
    expect(accounts).toHaveLength(10);
    for (const address of accounts) {
      const path = connector.accountLabel!(address) as `m/44'/60'/${string}`;
      expect(address).toBe(mnemonicToAccount(GET_PUBLIC_KEY.mnemonic, { path }).address);
    }
    expect(connector.accountLabel!(accounts[5]!)).toBe("m/44'/60'/0'/0");
  });

  it("signs a personal message and Safe-style typed data with its hashes; the device's bytes equal the phrase key's", async () => {
    const connector = trezorConnector(async () => fixtureTrezor(keysOf(SIGN_MESSAGE.mnemonic)));
    const accounts = await connector.connect();
    expect(accounts[0]).toBe(SIGN_MESSAGE.address);
    const key = mnemonicToAccount(SIGN_MESSAGE.mnemonic, { path: "m/44'/60'/0'/0/0" });

    const message = await connector.signMessage(accounts[0]!, SIGN_MESSAGE.message);
    expect(message).toBe(await key.signMessage({ message: SIGN_MESSAGE.message }));

    const typed = await connector.signTypedData(accounts[0]!, SIGN_TYPED_DATA.data);
    expect(typed).toBe(await key.signTypedData(SIGN_TYPED_DATA.data as never));
  });

  it('refuses a signature by another account and names device failures', async () => {
    const api = fixtureTrezor(keysOf(SIGN_MESSAGE.mnemonic));
    const connector = trezorConnector(async () => ({
      ...api,
      // The device answers with the fixture's signature for another message: not this account's.
      ethereumSignMessage: async () =>
        ok({ address: SIGN_MESSAGE.address, signature: SIGN_MESSAGE.signature }),
    }));
    const [account] = await connector.connect();
    await expect(connector.signMessage(account!, 'another message')).rejects.toMatchObject({
      code: 'signer_mismatch',
    });
    const refusing = trezorConnector(async () => ({
      ...api,
      ethereumSignTypedData: async () => failed('Failure_ActionCancelled'),
    }));
    const [first] = await refusing.connect();
    await expect(refusing.signTypedData(first!, SIGN_TYPED_DATA.data)).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    const missing = trezorConnector(async () => ({
      ...api,
      ethereumGetPublicKey: async () => failed('Transport_Missing'),
    }));
    await expect(missing.connect()).rejects.toMatchObject({ code: 'no_device' });
    const unreachable = trezorConnector(async () => {
      throw new Error('iframe did not load');
    });
    await expect(unreachable.connect()).rejects.toMatchObject({ code: 'hardware_connection' });
  });
});

/** The address of `path` under a phrase, derived by viem (any coin type, unlike mnemonicToAccount's type). */
function phraseAddress(mnemonic: string, path: string) {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(path);
  return privateKeyToAccount(bytesToHex(key.privateKey!)).address;
}

describe('Trezor custom derivation paths, answered from getaddress.json', () => {
  it('adds accounts at paths connect does not list, as a whole path or an index in a layout', async () => {
    const connector = trezorConnector(async () => fixtureTrezor(keysOf(GET_ADDRESS.mnemonic)));
    const listed = await connector.connect();
    const bip44 = await connector.addCustomAccount({ scheme: 'bip44', index: 100 });
    const hardened = await connector.addCustomAccount({ path: "m/44'/60'/100'" });
    const classic = await connector.addCustomAccount({ path: "m/44'/61'/0'/0/0" });
    expect([bip44, hardened, classic]).toEqual([
      '0x1e6E3708a059aEa1241a81c7aAe84b6CDbC54d59',
      '0x93Fb0Ff84F5BB6E7b6a9835C7AA6dE7a76794266',
      '0xF410e37E9C8BCf8CF319c84Ae9dCEbe057804a04',
    ]);
    for (const address of [bip44, hardened, classic])
      expect(address).toBe(phraseAddress(GET_ADDRESS.mnemonic, connector.accountLabel!(address)!));
    expect(connector.accountLabel!(bip44)).toBe("m/44'/60'/0'/0/100");
    expect(connector.accounts).toEqual([...listed, bip44, hardened, classic]);
  });

  it('signs with a custom account at its path', async () => {
    const requests: Array<{ path: string }> = [];
    const connector = trezorConnector(async () => ({
      ...fixtureTrezor({}),
      ethereumSignMessage: async (params) => {
        requests.push(params);
        return failed('Failure_ActionCancelled');
      },
    }));
    const address = await connector.addCustomAccount({ path: "m/44'/60'/0'/0/100" });
    await expect(connector.signMessage(address, 'foo')).rejects.toMatchObject({ code: 'wallet_user_reject' });
    expect(requests).toEqual([{ path: "m/44'/60'/0'/0/100", message: 'foo', hex: false }]);
  });

  it('refuses an index above the limit, or no path, without asking the device', async () => {
    let asked = 0;
    const connector = trezorConnector(async () => ({
      ...fixtureTrezor({}),
      ethereumGetAddress: async () => {
        asked += 1;
        return failed('Method_InvalidParameter');
      },
    }));
    const error = await connector
      .addCustomAccount({ path: "m/44'/60'/0'/0/1001" })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(CustomPathLimitError);
    const { code, params } = error as CustomPathLimitError;
    expect(formatClientMessage(code, 'zh-CN', params)).toBe('自定义派生路径序号超出上限 1000。');
    await expect(connector.addCustomAccount({ scheme: 'bip44', index: 1001 })).rejects.toMatchObject({
      code: 'custom_path_limit',
    });
    await expect(connector.addCustomAccount({ path: "m/44'/60'/0'/0/-1" })).rejects.toMatchObject({
      code: 'hardware_invalid_params',
    });
    expect(asked).toBe(0);
  });
});
