// Tests of the SYNTHETIC fixture node: server and ledger methods, funding, single-signed XRP payments
// and their refusals. Transactions are signed with the test-only signer; replies are fixture replies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_GENESIS, startXrplFixtureNode, type XrplFixtureNode } from './fixture-node.js';
import { nextSequence, rpc, submit, xrpPayment } from './fixture-test-helpers.js';
import { RIPPLE_EPOCH_OFFSET } from './fixture-ledger.js';
import type { TxJson } from './independent.js';
import { signSingle, testKey } from './test-signer.js';

const START = Date.UTC(2026, 0, 1);
const XRP = 1_000_000;
const alice = testKey('secp256k1', 'node-test alice');
const bob = testKey('ed25519', 'node-test bob');
let node: XrplFixtureNode;

beforeAll(async () => {
  node = await startXrplFixtureNode({ startTime: START });
  node.fund(alice.address, 1000 * XRP);
});
afterAll(() => node.close());

describe('fixture node (SYNTHETIC replies): server and ledgers', () => {
  it('fixture: server_state, server_info and fee report the configured fee and reserves', async () => {
    const state = (await rpc(node, 'server_state')).state;
    expect(state).toMatchObject({ server_state: 'full', load_base: 256, load_factor: 256 });
    expect(state.validated_ledger).toMatchObject({
      base_fee: 10,
      reserve_base: 1_000_000,
      reserve_inc: 200_000,
    });
    const info = (await rpc(node, 'server_info')).info;
    expect(info.validated_ledger).toMatchObject({
      base_fee_xrp: 0.00001,
      reserve_base_xrp: 1,
      reserve_inc_xrp: 0.2,
    });
    expect(info.validated_ledger.seq).toBe(node.ledgerIndex());
    const fee = await rpc(node, 'fee');
    expect(fee.drops).toMatchObject({ base_fee: '10', minimum_fee: '10', open_ledger_fee: '10' });
    expect(fee).toMatchObject({ current_queue_size: '0', ledger_current_index: node.ledgerIndex() + 1 });
    expect(fee.status).toBe('success');
  });

  it('fixture: ledgers start at 1000, close on demand 4 s apart, and chain by parent_hash', async () => {
    const first = await rpc(node, 'ledger', { ledger_index: 1000 });
    expect(first.ledger.close_time).toBe(START / 1000 - RIPPLE_EPOCH_OFFSET);
    const before = node.ledgerIndex();
    node.closeLedger(2);
    expect(node.ledgerIndex()).toBe(before + 2);
    expect((await rpc(node, 'ledger_current')).ledger_current_index).toBe(before + 3);
    const last = await rpc(node, 'ledger', { ledger_index: 'validated' });
    const parent = await rpc(node, 'ledger', { ledger_index: before + 1 });
    expect(last).toMatchObject({ ledger_index: before + 2, validated: true, ledger: { closed: true } });
    expect(last.ledger.ledger_index).toBe(String(before + 2));
    expect(last.ledger_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(last.ledger.parent_hash).toBe(parent.ledger_hash);
    expect(last.ledger.close_time - parent.ledger.close_time).toBe(4);
    expect((await rpc(node, 'ledger', { ledger_index: 999 })).error).toBe('lgrNotFound');
  });

  it('fixture: unknown methods, unknown accounts and malformed accounts get rippled errors', async () => {
    expect(await rpc(node, 'wallet_propose')).toMatchObject({
      error: 'unknownCmd',
      error_code: 32,
      status: 'error',
    });
    const missing = await rpc(node, 'account_info', { account: bob.address, ledger_index: 'validated' });
    expect(missing).toMatchObject({
      error: 'actNotFound',
      error_code: 19,
      error_message: 'Account not found.',
      status: 'error',
      validated: true,
      request: { command: 'account_info', account: bob.address },
    });
    const bad = await rpc(node, 'account_info', { account: 'rNotAnAddress' });
    expect(bad).toMatchObject({ error: 'actMalformed', error_code: 35 });
    expect(await rpc(node, 'tx', { transaction: 'AB'.repeat(32) })).toMatchObject({
      error: 'txnNotFound',
      error_code: 29,
    });
  });
});

describe('fixture node (SYNTHETIC replies): funding and XRP payments', () => {
  it('fixture: fund creates the AccountRoot with Sequence = its ledger and a genesis Payment in account_tx', async () => {
    const carol = testKey('secp256k1', 'node-test carol').address;
    const ledger = node.ledgerIndex() + 1;
    node.fund(carol, 25 * XRP);
    const info = await rpc(node, 'account_info', { account: carol, ledger_index: 'validated' });
    expect(info.account_data).toMatchObject({
      Account: carol,
      Balance: String(25 * XRP),
      Sequence: ledger,
      Flags: 0,
    });
    expect(info).toMatchObject({ ledger_index: ledger, validated: true });
    node.fund(carol, 5 * XRP);
    expect(node.account(carol)).toMatchObject({ Balance: String(30 * XRP), Sequence: ledger });
    const history = await rpc(node, 'account_tx', { account: carol, forward: true });
    expect(history.transactions).toHaveLength(2);
    expect(history.transactions[0].tx).toMatchObject({
      Account: FIXTURE_GENESIS,
      Amount: String(25 * XRP),
      ledger_index: ledger,
    });
    expect(history.transactions[0].meta).toMatchObject({
      TransactionResult: 'tesSUCCESS',
      delivered_amount: String(25 * XRP),
    });
  });

  it('fixture: a signed payment is applied, validated, found by tx with meta, and a resubmission is tefALREADY', async () => {
    const seq = await nextSequence(node, alice.address);
    const blob = signSingle(xrpPayment(alice.address, bob.address, 20 * XRP, seq), alice);
    const reply = await submit(node, blob);
    expect(reply).toMatchObject({
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      accepted: true,
      applied: true,
    });
    expect(reply.tx_json).toMatchObject({ Account: alice.address, Amount: String(20 * XRP), Sequence: seq });
    const tx = await rpc(node, 'tx', { transaction: reply.tx_json.hash });
    expect(tx).toMatchObject({ validated: true, ledger_index: node.ledgerIndex(), hash: reply.tx_json.hash });
    expect(tx.meta).toMatchObject({
      TransactionResult: 'tesSUCCESS',
      TransactionIndex: 0,
      delivered_amount: String(20 * XRP),
    });
    const created = tx.meta.AffectedNodes.find((n: { CreatedNode?: unknown }) => n.CreatedNode);
    expect(created.CreatedNode.NewFields).toMatchObject({ Account: bob.address, Balance: String(20 * XRP) });
    expect(node.account(alice.address)).toMatchObject({ Sequence: seq + 1 });
    expect((await submit(node, blob)).engine_result).toBe('tefALREADY');
    node.closeLedger(2); // out of the open view: only the sequence tells now
    expect((await submit(node, blob)).engine_result).toBe('tefPAST_SEQ');
  });

  it('fixture: wrong sequence, passed LastLedgerSequence, low fee and a foreign key change nothing', async () => {
    const seq = await nextSequence(node, alice.address);
    const pay = (extra: TxJson, key = alice) =>
      submit(node, signSingle(xrpPayment(alice.address, bob.address, XRP, seq, extra), key));
    expect((await pay({ Sequence: seq + 1 })).engine_result).toBe('terPRE_SEQ');
    expect((await pay({ Sequence: seq - 1 })).engine_result).toBe('tefPAST_SEQ');
    expect((await pay({ LastLedgerSequence: node.ledgerIndex() })).engine_result).toBe('tefMAX_LEDGER');
    const low = await pay({ Fee: '9' });
    expect(low).toMatchObject({ engine_result: 'telINSUF_FEE_P', engine_result_code: -394, accepted: false });
    expect((await pay({}, testKey('secp256k1', 'node-test mallory'))).engine_result).toBe('tefBAD_AUTH');
    expect(node.account(alice.address)).toMatchObject({ Sequence: seq });
    expect((await pay({ LastLedgerSequence: node.ledgerIndex() + 1 })).engine_result).toBe('tesSUCCESS');
  });

  it('fixture: a blob changed after signing fails the local checks (invalidTransaction), as rippled replies', async () => {
    const seq = await nextSequence(node, alice.address);
    const blob = signSingle(xrpPayment(alice.address, bob.address, 1, seq), alice);
    const tampered = blob.replace('614000000000000001', '614000000000000002');
    expect(tampered).not.toBe(blob);
    expect(await submit(node, tampered)).toMatchObject({
      error: 'invalidTransaction',
      error_exception: 'fails local checks: Invalid signature.',
      status: 'error',
    });
    expect((await rpc(node, 'submit', { tx_blob: 'zz' })).error).toBe('invalidParams');
  });

  it('fixture: paying a new account less than the reserve is tecNO_DST_INSUF_XRP; the fee is charged', async () => {
    const dave = testKey('secp256k1', 'node-test dave').address;
    const seq = await nextSequence(node, alice.address);
    const before = BigInt(node.account(alice.address)!.Balance as string);
    const reply = await submit(node, signSingle(xrpPayment(alice.address, dave, XRP - 1, seq), alice));
    expect(reply).toMatchObject({
      engine_result: 'tecNO_DST_INSUF_XRP',
      engine_result_code: 125,
      applied: true,
    });
    expect(BigInt(node.account(alice.address)!.Balance as string)).toBe(before - 12n);
    expect(node.account(alice.address)).toMatchObject({ Sequence: seq + 1 });
    expect(node.account(dave)).toBeUndefined();
    const tx = await rpc(node, 'tx', { transaction: reply.tx_json.hash });
    expect(tx.meta.TransactionResult).toBe('tecNO_DST_INSUF_XRP');
    expect(tx.meta.delivered_amount).toBeUndefined();
  });

  it('fixture: the sender must keep max(reserve, fee) after the amount (tecUNFUNDED_PAYMENT)', async () => {
    const erin = testKey('ed25519', 'node-test erin');
    node.fund(erin.address, 3 * XRP);
    const send = async (drops: number) =>
      (
        await submit(
          node,
          signSingle(
            xrpPayment(erin.address, alice.address, drops, await nextSequence(node, erin.address)),
            erin,
          ),
        )
      ).engine_result;
    expect(await send(2 * XRP + 1)).toBe('tecUNFUNDED_PAYMENT');
    expect(await send(2 * XRP - 12)).toBe('tesSUCCESS'); // prior (3 XRP − 12) − amount = the 1 XRP reserve
    expect(node.account(erin.address)!.Balance).toBe(String(XRP - 12));
  });

  it('fixture: RequireDest (AccountSet SetFlag 1) makes a payment without DestinationTag tecDST_TAG_NEEDED', async () => {
    const frank = testKey('secp256k1', 'node-test frank');
    node.fund(frank.address, 50 * XRP);
    const set = { TransactionType: 'AccountSet', Account: frank.address, Fee: '12', SetFlag: 1 };
    const seq = await nextSequence(node, frank.address);
    expect((await submit(node, signSingle({ ...set, Sequence: seq }, frank))).engine_result).toBe(
      'tesSUCCESS',
    );
    expect(
      (await rpc(node, 'account_info', { account: frank.address })).account_flags.requireDestinationTag,
    ).toBe(true);
    const aliceSeq = await nextSequence(node, alice.address);
    const untagged = xrpPayment(alice.address, frank.address, XRP, aliceSeq);
    expect((await submit(node, signSingle(untagged, alice))).engine_result).toBe('tecDST_TAG_NEEDED');
    const tagged = xrpPayment(alice.address, frank.address, XRP, aliceSeq + 1, { DestinationTag: 7 });
    expect((await submit(node, signSingle(tagged, alice))).engine_result).toBe('tesSUCCESS');
  });
});
