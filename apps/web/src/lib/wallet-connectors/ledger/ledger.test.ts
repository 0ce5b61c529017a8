import { TransportStatusError } from '@ledgerhq/errors';
import { mnemonicToAccount } from 'viem/accounts';
import { recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatClientMessage } from '@keystead/contract/errors/client-messages';
import { CUSTOM_PATH_INDEX_MAX, CustomPathLimitError, type CustomPathRequest } from '../custom-path';
import { WalletError, type Address } from '../types';
import { ledgerConnector, type LedgerOptions } from './ledger';
import type { ApduExchange } from './ledger-device';
import { ledgerError } from './ledger-errors';
import { FRAME, FRAME_MAIL, MYCRYPTO, MYCRYPTO_DEVICE_PHRASE } from './ledger-recordings';
import { replay } from './ledger-test-device';

async function connected(options: LedgerOptions, ...recordings: string[]) {
  const exchange = await replay(...recordings);
  const connector = ledgerConnector({ ...options, exchange: () => exchange });
  return { connector, accounts: await connector.connect() };
}

describe('Ledger connector, replaying recordings of real devices', () => {
  it('lists the BIP-44, legacy and Ledger Live accounts the phrase gives, each with its path', async () => {
    const { connector, accounts } = await connected(
      {},
      MYCRYPTO.bip44Parent,
      MYCRYPTO.legacyParent,
      MYCRYPTO.liveAccounts,
    );
    const paths = accounts.map((address) => connector.accountLabel!(address)!);
    expect(paths).toEqual([
      ...[0, 1, 2, 3, 4].map((index) => `m/44'/60'/0'/0/${index}`),
      ...[0, 1, 2, 3, 4].map((index) => `m/44'/60'/0'/${index}`),
      ...[1, 2, 3, 4].map((index) => `m/44'/60'/${index}'/0/0`),
    ]);
    // Independently: viem derives the same addresses from the device's BIP-39 phrase.
    for (const [index, address] of accounts.entries()) {
      const path = paths[index] as `m/44'/60'/${string}`;
      expect(address).toBe(mnemonicToAccount(MYCRYPTO_DEVICE_PHRASE, { path }).address);
    }
    expect(accounts[0]).toBe('0xc6D5a3c98EC9073B54FA0969957Bd582e8D874bf');
  });

  it('signs a personal message; the device signature equals the phrase key signature', async () => {
    const { connector, accounts } = await connected(
      { layouts: ['bip44'], perLayout: 1 },
      MYCRYPTO.bip44Parent,
      MYCRYPTO.signFoo,
    );
    const signature = await connector.signMessage(accounts[0]!, 'foo');
    const key = mnemonicToAccount(MYCRYPTO_DEVICE_PHRASE, { path: "m/44'/60'/0'/0/0" });
    // RFC 6979 signatures are deterministic: the device's bytes equal the key's.
    expect(signature).toBe(await key.signMessage({ message: 'foo' }));
  });

  it('signs EIP-712 typed data by its domain and message hashes (another device)', async () => {
    const { connector, accounts } = await connected(
      { layouts: ['bip44', 'legacy'] },
      FRAME.bip44Parent,
      FRAME.legacyParent,
      FRAME.signMail,
    );
    const account = accounts.find((address) => connector.accountLabel!(address) === "m/44'/60'/0'/0")!;
    expect(account.toLowerCase()).toBe('0x46bdba9c90ea453426d0b8d4a7a8a99b8a9dade5');
    const signature = await connector.signTypedData(account, FRAME_MAIL);
    const signer = await recoverTypedDataAddress({
      ...(FRAME_MAIL as unknown as TypedDataDefinition),
      signature,
    });
    expect(signer).toBe(account);
  });

  it('names a refusal on the device and an account it does not hold', async () => {
    const { connector, accounts } = await connected(
      { layouts: ['legacy'], perLayout: 1 },
      FRAME.legacyParent,
      FRAME.rejectMail,
    );
    await expect(connector.signTypedData(accounts[0]!, FRAME_MAIL)).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    const stranger: Address = '0x0000000000000000000000000000000000000001';
    await expect(connector.signMessage(stranger, 'foo')).rejects.toMatchObject({ code: 'signer_mismatch' });
  });

  it('maps status words and transport failures onto the client messages', () => {
    const status = (code: number, step: 'connect' | 'sign' = 'sign') =>
      ledgerError(new TransportStatusError(code), step).code;
    expect(status(0x6985)).toBe('wallet_user_reject');
    expect(status(0x5515)).toBe('hardware_pin');
    expect(status(0x6e00)).toBe('app_mismatch');
    expect(status(0x6511)).toBe('app_mismatch');
    expect(status(0x6a80)).toBe('allow_transaction_data');
    expect(status(0x6a80, 'connect')).toBe('hardware_invalid_params');
    expect(status(0x6f00)).toBe('hardware_other');
    const named = (name: string) => ledgerError(Object.assign(new Error(name), { name }), 'connect').code;
    expect(named('TransportOpenUserCancelled')).toBe('no_device');
    expect(named('TransportRaceCondition')).toBe('ledger_busy');
    expect(named('DisconnectedDeviceDuringOperation')).toBe('hardware_connection');
    expect(named('NotAllowedError')).toBe('hardware_permission');
    expect(named('Whatever')).toBe('hardware_unknown');
    expect(ledgerError(new WalletError('signer_mismatch'), 'sign').code).toBe('signer_mismatch');
  });
});

/** A BIP-32 path as the Ethereum app reads it: a level count, then each index as 4 bytes (big-endian). */
function pathBytes(path: string): string {
  const levels = path.split('/').slice(1);
  const indexes = levels.map((level) =>
    (Number.parseInt(level, 10) + (level.endsWith("'") ? 2 ** 31 : 0)).toString(16),
  );
  return (
    levels.length.toString(16).padStart(2, '0') + indexes.map((index) => index.padStart(8, '0')).join('')
  );
}

/** getAddress (CLA e0, INS 02), P1 00 = not shown on the device, P2 00 = no chain code. */
const getAddressApdu = (path: string) =>
  `e0020000${(pathBytes(path).length / 2).toString(16).padStart(2, '0')}${pathBytes(path)}`;

/** An exchange that keeps every APDU and refuses it as the device's user would (0x6985). */
function refusingDevice() {
  const sent: string[] = [];
  const exchange: ApduExchange = async (apdu) => {
    sent.push(apdu);
    return '6985';
  };
  return { sent, connector: ledgerConnector({ exchange: () => exchange }) };
}

describe('Ledger custom derivation paths', () => {
  it('adds the account at a custom path with one getAddress request (MyCrypto recording)', async () => {
    // The recording's APDU is the one built here from the path, independently of hw-app-eth.
    expect(MYCRYPTO.bip44Account1).toContain(`=> ${getAddressApdu("m/44'/60'/0'/0/1")}\n`);
    const { connector, accounts } = await connected(
      { layouts: ['legacy'], perLayout: 1 },
      MYCRYPTO.legacyParent,
      MYCRYPTO.bip44Account1,
    );
    const address = await connector.addCustomAccount({ scheme: 'bip44', index: 1 });
    expect(address).toBe(mnemonicToAccount(MYCRYPTO_DEVICE_PHRASE, { path: "m/44'/60'/0'/0/1" }).address);
    expect(address).toBe('0x59A897A2dbd55D20bCC9B52d5eaA14E2859Dc467');
    expect(connector.accounts).toEqual([...accounts, address]);
    expect(connector.accountLabel!(address)).toBe("m/44'/60'/0'/0/1");
    // Listed now: the same path as a whole is not asked of the device again (the replay has no more).
    await expect(connector.addCustomAccount({ path: "m/44'/60'/0'/0/1" })).resolves.toBe(address);
    expect(connector.accounts).toHaveLength(2);
  });

  it('signs with the custom account at its path', async () => {
    const sent: string[] = [];
    const replayed = await replay(MYCRYPTO.bip44Account1);
    const exchange: ApduExchange = async (apdu) => {
      if (!apdu.startsWith('e008')) return replayed(apdu);
      sent.push(apdu);
      return '6985';
    };
    const connector = ledgerConnector({ exchange: () => exchange });
    const address = await connector.addCustomAccount({ path: "m/44'/60'/0'/0/1" });
    await expect(connector.signMessage(address, 'foo')).rejects.toMatchObject({ code: 'wallet_user_reject' });
    // signPersonalMessage: the path, the message length (4 bytes), the message.
    const data = `${pathBytes("m/44'/60'/0'/0/1")}00000003666f6f`;
    expect(sent).toEqual([`e0080000${(data.length / 2).toString(16)}${data}`]);
  });

  it(`refuses an index above ${CUSTOM_PATH_INDEX_MAX} below purpose and coin type, before asking the device`, async () => {
    const { sent, connector } = refusingDevice();
    const overLimit: CustomPathRequest[] = [
      { path: "m/44'/60'/0'/0/1001" },
      { path: "m/44'/60'/1001'/0/0" },
      { scheme: 'bip44', index: 1001 },
      { scheme: 'legacy', index: 5000 },
      { scheme: 'live', index: 1001 },
    ];
    for (const request of overLimit) {
      const error = await connector.addCustomAccount(request).catch((failure: unknown) => failure);
      expect(error).toMatchObject({ code: 'custom_path_limit', params: { max: 1000 } });
      expect(error).toBeInstanceOf(CustomPathLimitError);
      const { code, params } = error as CustomPathLimitError;
      expect(formatClientMessage(code, 'en-US', params)).toBe(
        'The custom derivation path index exceeds the limit of 1000.',
      );
    }
    expect(sent).toEqual([]);
  });

  it('refuses what is not a path of the shape the server accepts, before asking the device', async () => {
    const { sent, connector } = refusingDevice();
    const invalid: CustomPathRequest[] = [
      { path: "44'/60'/0'/0/1" },
      { path: 'm' },
      { path: 'm/44h/60h/0h/0/1' },
      { path: "m/44'/60'/0'/0/x" },
      { path: "m/44'/60'/0'/0/0/0/0/0/0" },
      { path: "m/2147483648'/60'/0'" },
      { scheme: 'bip44', index: -1 },
      { scheme: 'legacy', index: 1.5 },
    ];
    for (const request of invalid)
      await expect(connector.addCustomAccount(request)).rejects.toMatchObject({
        code: 'hardware_invalid_params',
      });
    expect(sent).toEqual([]);
  });

  it('sends exactly the getAddress APDU of a valid path; purpose and coin type are not limited', async () => {
    const { sent, connector } = refusingDevice();
    const paths = ["m/44'/60'/1000'/0/1000", "m/44'/5718350'/0'/0/0", "m/44'/60'/7'"];
    for (const path of paths)
      await expect(connector.addCustomAccount({ path })).rejects.toMatchObject({
        code: 'wallet_user_reject',
      });
    await expect(connector.addCustomAccount({ scheme: 'live', index: 1000 })).rejects.toMatchObject({
      code: 'wallet_user_reject',
    });
    expect(sent).toEqual([...paths, "m/44'/60'/1000'/0/0"].map(getAddressApdu));
    expect(connector.accounts).toEqual([]);
  });
});
