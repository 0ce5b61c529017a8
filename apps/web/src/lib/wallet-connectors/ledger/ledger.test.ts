import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { TransportStatusError } from '@ledgerhq/errors';
import { mnemonicToAccount } from 'viem/accounts';
import { recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { WalletError, type Address } from '../types';
import { ledgerConnector, type LedgerOptions } from './ledger';
import type { ApduExchange } from './ledger-device';
import { ledgerError } from './ledger-errors';
import { FRAME, FRAME_MAIL, MYCRYPTO, MYCRYPTO_DEVICE_PHRASE } from './ledger-recordings';

/** Ledger's own replayer answers each APDU from the recording and fails on any other APDU. */
async function replay(...recordings: string[]): Promise<ApduExchange> {
  const transport = await openTransportReplayer(RecordStore.fromString(recordings.join('\n')));
  return async (apdu) => (await transport.exchange(Buffer.from(apdu, 'hex'))).toString('hex');
}

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
