// Tests of the SYNTHETIC fixture node's HTTP control endpoints (for tests in another process) and of
// autoClose false (transactions wait in the open ledger until closeLedger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXrplFixtureNode, type XrplFixtureNode } from './fixture-node.js';
import { post, rpc, submit, xrpPayment } from './fixture-test-helpers.js';
import { signSingle, testKey } from './test-signer.js';

const XRP = 1_000_000;
const alice = testKey('secp256k1', 'control-test alice');
const bob = testKey('ed25519', 'control-test bob');
let node: XrplFixtureNode;

beforeAll(async () => {
  node = await startXrplFixtureNode();
  node.fund(alice.address, 1000 * XRP);
});
afterAll(() => node.close());

describe('fixture node (SYNTHETIC replies): control endpoints', () => {
  it('fixture: the HTTP control endpoints fund, set a trust line and close ledgers', async () => {
    const gina = testKey('secp256k1', 'control-test gina').address;
    const funded = await post(node, '/fixture/fund', { address: gina, drops: '7000000' });
    expect(funded).toMatchObject({ httpStatus: 200, ok: true, ledger_index: node.ledgerIndex() });
    const trust = await post(node, '/fixture/trust', {
      holder: gina,
      currency: 'EUR',
      issuer: alice.address,
      value: '3',
    });
    expect(trust.ok).toBe(true);
    const closed = await post(node, '/fixture/close', { n: 3 });
    expect(closed).toMatchObject({ ok: true, ledger_index: trust.ledger_index + 3 });
    const info = await rpc(node, 'account_info', { account: gina, ledger_index: 'validated' });
    expect(info.account_data).toMatchObject({ Balance: '7000000', OwnerCount: 1 });
    expect((await rpc(node, 'account_lines', { account: gina })).lines[0]).toMatchObject({
      currency: 'EUR',
      balance: '3',
    });
    expect(await post(node, '/fixture/fund', { address: 'nope', drops: '1' })).toMatchObject({
      httpStatus: 400,
      ok: false,
    });
  });
});

describe('fixture node (SYNTHETIC replies): autoClose false', () => {
  it('fixture: a submitted tx waits in the open ledger (validated false, no meta) until closeLedger', async () => {
    const manual = await startXrplFixtureNode({ autoClose: false, startLedger: 50 });
    try {
      manual.fund(alice.address, 100 * XRP);
      expect(
        (await rpc(manual, 'account_info', { account: alice.address, ledger_index: 'validated' })).error,
      ).toBe('actNotFound');
      const reply = await submit(
        manual,
        signSingle(xrpPayment(alice.address, bob.address, 2 * XRP, 51), alice),
      );
      expect(reply).toMatchObject({ engine_result: 'tesSUCCESS', validated_ledger_index: 50 });
      const open = await rpc(manual, 'tx', { transaction: reply.tx_json.hash });
      expect(open).toMatchObject({ validated: false, hash: reply.tx_json.hash });
      expect(open.meta).toBeUndefined();
      manual.closeLedger();
      expect(await rpc(manual, 'tx', { transaction: reply.tx_json.hash })).toMatchObject({
        validated: true,
        ledger_index: 51,
      });
      const history = await rpc(manual, 'account_tx', { account: alice.address });
      expect(history.transactions.map((t: { tx: { Amount: string } }) => t.tx.Amount)).toEqual([
        String(2 * XRP),
        String(100 * XRP),
      ]);
    } finally {
      await manual.close();
    }
  });
});
