// Tests of the SYNTHETIC fixture node's issued-currency payments over holder–issuer trust lines, and
// of the exact decimal arithmetic behind them. Signed with the test-only signer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDecimal, compareDecimal, formatDecimal, parseDecimal, subtractDecimal } from './decimal.js';
import {
  FIXTURE_USD_ISSUER,
  FIXTURE_USD_ISSUER_SEED,
  startXrplFixtureNode,
  type XrplFixtureNode,
} from './fixture-node.js';
import { nextSequence, rpc, submit } from './fixture-test-helpers.js';
import { signSingle, testKey, type TestKey } from './test-signer.js';

const XRP = 1_000_000;
const issuer = testKey('secp256k1', FIXTURE_USD_ISSUER_SEED);
const holder = testKey('secp256k1', 'iou-test holder');
const receiver = testKey('ed25519', 'iou-test receiver');
const lineless = testKey('secp256k1', 'iou-test lineless');
let node: XrplFixtureNode;

const usd = (value: string) => ({ currency: 'USD', issuer: FIXTURE_USD_ISSUER, value });
async function pay(from: TestKey, to: string, value: string): Promise<string> {
  const tx = {
    TransactionType: 'Payment',
    Account: from.address,
    Destination: to,
    Amount: usd(value),
    Fee: '12',
    Sequence: await nextSequence(node, from.address),
  };
  return (await submit(node, signSingle(tx, from))).engine_result as string;
}
const lineOf = async (account: string) =>
  (await rpc(node, 'account_lines', { account, ledger_index: 'validated' })).lines;

beforeAll(async () => {
  node = await startXrplFixtureNode();
  for (const k of [holder, receiver, lineless]) node.fund(k.address, 50 * XRP);
  node.setTrustBalance(holder.address, 'USD', FIXTURE_USD_ISSUER, '100');
  node.setTrustBalance(receiver.address, 'USD', FIXTURE_USD_ISSUER, '0');
});
afterAll(() => node.close());

describe('fixture node (SYNTHETIC replies): issued-currency payments', () => {
  it('FIXTURE_USD_ISSUER is the address of the test key its seed names; setTrustBalance created it', () => {
    expect(issuer.address).toBe(FIXTURE_USD_ISSUER);
    expect(node.account(FIXTURE_USD_ISSUER)).toMatchObject({ Balance: '0', OwnerCount: 0 });
    expect(node.account(holder.address)).toMatchObject({ OwnerCount: 1 });
  });

  it('fixture: 12.5 USD moves holder → receiver; account_lines shows each side, the issuer sees negatives', async () => {
    expect(await pay(holder, receiver.address, '12.5')).toBe('tesSUCCESS');
    expect(await lineOf(holder.address)).toEqual([
      {
        account: FIXTURE_USD_ISSUER,
        balance: '87.5',
        currency: 'USD',
        limit: '1000000000',
        limit_peer: '0',
        quality_in: 0,
        quality_out: 0,
      },
    ]);
    expect((await lineOf(receiver.address))[0]).toMatchObject({ balance: '12.5' });
    const issuerLines = await lineOf(FIXTURE_USD_ISSUER);
    expect(issuerLines).toHaveLength(2);
    expect(issuerLines.find((l: { account: string }) => l.account === holder.address)).toMatchObject({
      balance: '-87.5',
      limit: '0',
      limit_peer: '1000000000',
    });
    const history = await rpc(node, 'account_tx', { account: FIXTURE_USD_ISSUER });
    expect(history.transactions[0].meta.delivered_amount).toEqual(usd('12.5'));
  });

  it('fixture: RippleState objects put the balance on the low account side', async () => {
    const objects = (await rpc(node, 'account_objects', { account: holder.address, type: 'state' }))
      .account_objects;
    expect(objects).toHaveLength(1);
    const state = objects[0];
    expect(state.LedgerEntryType).toBe('RippleState');
    const holderIsLow = state.LowLimit.issuer === holder.address;
    expect(state.Balance.value).toBe(holderIsLow ? '87.5' : '-87.5');
    expect((holderIsLow ? state.LowLimit : state.HighLimit).value).toBe('1000000000');
  });

  it('fixture: no line is tecPATH_DRY, too little is tecPATH_PARTIAL; fees are charged, balances kept', async () => {
    expect(await pay(holder, lineless.address, '1')).toBe('tecPATH_DRY');
    expect(await pay(lineless, receiver.address, '1')).toBe('tecPATH_DRY');
    expect(await pay(holder, receiver.address, '87.51')).toBe('tecPATH_PARTIAL');
    const empty = testKey('ed25519', 'iou-test empty');
    node.fund(empty.address, 5 * XRP);
    node.setTrustBalance(empty.address, 'USD', FIXTURE_USD_ISSUER, '0');
    expect(await pay(empty, receiver.address, '1')).toBe('tecPATH_DRY'); // a line with nothing on it
    node.setTrustBalance(empty.address, 'USD', FIXTURE_USD_ISSUER, '999999999.5');
    expect(await pay(holder, empty.address, '1')).toBe('tecPATH_PARTIAL'); // only 0.5 left below the limit
    expect((await lineOf(holder.address))[0].balance).toBe('87.5');
    expect(node.account(lineless.address)!.Balance).toBe(String(50 * XRP - 12));
  });

  it('fixture: the issuer issues without a line and takes its currency back; sums stay exact (0.1 + 0.2)', async () => {
    node.fund(FIXTURE_USD_ISSUER, 30 * XRP);
    expect(await pay(issuer, receiver.address, '0.1')).toBe('tesSUCCESS');
    expect(await pay(issuer, receiver.address, '0.2')).toBe('tesSUCCESS');
    expect((await lineOf(receiver.address))[0].balance).toBe('12.8');
    expect(await pay(receiver, FIXTURE_USD_ISSUER, '12.7999999')).toBe('tesSUCCESS');
    expect((await lineOf(receiver.address))[0].balance).toBe('0.0000001');
  });
});

describe('exact decimals', () => {
  it('parses plain and exponent forms and prints plain decimals', () => {
    expect(formatDecimal(parseDecimal('1.5E+3'))).toBe('1500');
    expect(formatDecimal(parseDecimal('-1e-7'))).toBe('-0.0000001');
    expect(formatDecimal(parseDecimal('0012.500'))).toBe('12.5');
    expect(formatDecimal(parseDecimal('0.000'))).toBe('0');
    expect(() => parseDecimal('1.2.3')).toThrow();
    expect(() => parseDecimal('')).toThrow();
  });

  it('adds, subtracts and compares without rounding', () => {
    const a = parseDecimal('1234567890123456.7');
    const b = parseDecimal('0.0000000000000003');
    expect(formatDecimal(addDecimal(a, b))).toBe('1234567890123456.7000000000000003');
    expect(formatDecimal(subtractDecimal(b, a))).toBe('-1234567890123456.6999999999999997');
    expect(compareDecimal(parseDecimal('2'), parseDecimal('10'))).toBe(-1);
    expect(compareDecimal(parseDecimal('1e1'), parseDecimal('10.0'))).toBe(0);
  });
});
