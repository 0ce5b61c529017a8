// Tests of the SYNTHETIC fixture node's rules. Transactions are built with encodeRawData and signed
// with the test-only signer; the node's replies are fixture replies, not a real node's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVE_OPERATIONS, MAINNET_CHAIN_PARAMETERS } from './fixture-chain.js';
import { startTronFixtureNode, type TronFixtureNode } from './fixture-node.js';
import {
  headRefs,
  permissionUpdateRaw,
  post,
  textOfHex,
  transferRaw,
  type Reply,
} from './fixture-test-helpers.js';
import { base58ToHex } from './independent.js';
import { signRawData, testKey, toBroadcastHex } from './test-signer.js';

const TRX = 1_000_000;
const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(testKey) as [
  ReturnType<typeof testKey>,
  ...ReturnType<typeof testKey>[],
];
let node: TronFixtureNode;

beforeAll(async () => {
  node = await startTronFixtureNode({ startTime: 1_767_225_600_000 });
});
afterAll(() => node.close());

const broadcast = (tx: unknown) => post(node, '/wallet/broadcasttransaction', tx);
const refusal = (r: Reply) => ({ code: r.code, message: textOfHex(String(r.message ?? '')) });

describe('fixture node (SYNTHETIC replies): accounts and TRX', () => {
  it('fixture: getaccount is {} before activation; a TRX transfer activates with default permissions and burns 1.1 TRX', async () => {
    node.fund(A!.address, 1000 * TRX);
    expect(await post(node, '/wallet/getaccount', { address: B!.address, visible: true })).toEqual({});
    const tx = signRawData(transferRaw(await headRefs(node), A!.address, B!.address, 10 * TRX), [
      A!.privateKey,
    ]);
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });

    const info = await post(node, '/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(info).toMatchObject({ id: tx.txID, fee: 1_100_000, receipt: { net_fee: 100_000 } });
    const b = await post(node, '/wallet/getaccount', { address: B!.address, visible: true });
    expect(b).toMatchObject({
      address: B!.address,
      balance: 10 * TRX,
      owner_permission: {
        permission_name: 'owner',
        threshold: 1,
        keys: [{ address: B!.address, weight: 1 }],
      },
      active_permission: [
        {
          type: 'Active',
          id: 2,
          permission_name: 'active',
          threshold: 1,
          operations: DEFAULT_ACTIVE_OPERATIONS,
        },
      ],
    });
    const a = await post(node, '/wallet/getaccount', { address: A!.address });
    expect(a.address).toBe(base58ToHex(A!.address)); // visible absent: 41… hex, as the real node
    expect(a.balance).toBe(1000 * TRX - 10 * TRX - 1_100_000);
  });

  it('fixture: the control endpoints fund TRX and USDT and produce blocks for tests in another process', async () => {
    const holder = testKey(77).address;
    const head = (await post(node, '/wallet/getnowblock')).block_header.raw_data.number as number;
    await post(node, '/fixture/fund', { address: holder, sun: '5000000' });
    await post(node, '/fixture/fund-token', { address: holder, amount: '7' });
    expect((await post(node, '/fixture/mine', { blocks: 2 })).head).toBe(head + 2);
    expect((await post(node, '/wallet/getaccount', { address: holder, visible: true })).balance).toBe(
      5_000_000,
    );
    expect(node.state.usdt.get(holder)).toBe(7n);
  });

  it('fixture: the block holds the transaction; gettransactionbyid shows raw_data, raw_data_hex and ret', async () => {
    const tx = signRawData(transferRaw(await headRefs(node), A!.address, B!.address, TRX), [A!.privateKey]);
    await broadcast(tx);
    const got = await post(node, '/wallet/gettransactionbyid', { value: tx.txID, visible: true });
    expect(got).toMatchObject({
      txID: tx.txID,
      raw_data_hex: tx.raw_data_hex,
      ret: [{ contractRet: 'SUCCESS' }],
    });
    expect(got.raw_data.contract[0].parameter.value).toEqual({
      owner_address: A!.address,
      to_address: B!.address,
      amount: TRX,
    });
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: tx.txID });
    const block = await post(node, '/wallet/getblockbynum', { num: info.blockNumber });
    expect(block.transactions.map((t: Reply) => t.txID)).toEqual([tx.txID]);
    expect(info.receipt.net_usage).toBeGreaterThan(200); // an existing recipient: free bandwidth, no fee
    expect(info.fee).toBeUndefined();
  });

  it('fixture: broadcasthex takes a whole Transaction protobuf', async () => {
    const tx = signRawData(transferRaw(await headRefs(node), A!.address, C!.address, 2 * TRX), [
      A!.privateKey,
    ]);
    const r = await post(node, '/wallet/broadcasthex', { transaction: toBroadcastHex(tx) });
    expect(r).toMatchObject({ result: true, code: 'SUCCESS', txid: tx.txID });
  });

  it('fixture: expired, too-far and wrong-TaPoS transactions are refused like java-tron', async () => {
    const refs = await headRefs(node);
    const expired = signRawData(
      transferRaw({ ...refs, expiration: refs.timestamp }, A!.address, B!.address, 1),
      [A!.privateKey],
    );
    expect(refusal(await broadcast(expired))).toEqual({
      code: 'TRANSACTION_EXPIRATION_ERROR',
      message: 'transaction expired',
    });
    const tooFar = { ...refs, expiration: refs.timestamp + 24 * 3600_000 + 1 };
    expect(
      (await broadcast(signRawData(transferRaw(tooFar, A!.address, B!.address, 1), [A!.privateKey]))).code,
    ).toBe('TRANSACTION_EXPIRATION_ERROR');
    const wrongHash = { ...refs, ref_block_hash: '00'.repeat(8) };
    expect(
      refusal(
        await broadcast(signRawData(transferRaw(wrongHash, A!.address, B!.address, 1), [A!.privateKey])),
      ),
    ).toEqual({
      code: 'TAPOS_ERROR',
      message: 'Tapos check error',
    });
  });

  it('fixture: a duplicate txID, a mismatched raw_data_hex, a stranger signature and a short balance are refused', async () => {
    const tx = signRawData(transferRaw(await headRefs(node), A!.address, B!.address, 3), [A!.privateKey]);
    expect((await broadcast(tx)).result).toBe(true);
    expect(await broadcast(tx)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR', txid: tx.txID });

    const other = signRawData(transferRaw(await headRefs(node), A!.address, B!.address, 4), [A!.privateKey]);
    const mismatch = await broadcast({ ...other, raw_data_hex: tx.raw_data_hex });
    expect(refusal(mismatch)).toEqual({
      code: 'OTHER_ERROR',
      message: 'fixture node: raw_data does not encode to raw_data_hex',
    });

    const byB = signRawData(transferRaw(await headRefs(node), A!.address, B!.address, 5), [B!.privateKey]);
    const r = refusal(await broadcast(byB));
    expect(r.code).toBe('SIGERROR');
    expect(r.message).toContain(`is signed by ${B!.address} but it is not contained of permission.`);

    const tooMuch = signRawData(transferRaw(await headRefs(node), B!.address, A!.address, 1000 * TRX), [
      B!.privateKey,
    ]);
    expect(refusal(await broadcast(tooMuch))).toEqual({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'contract validate error : Validate TransferContract error, balance is not sufficient.',
    });
  });

  it('fixture: getchainparameters defaults to mainnet values; getaccountresource shows free bandwidth', async () => {
    const { chainParameter } = await post(node, '/wallet/getchainparameters');
    const get = (k: string) => chainParameter.find((p: Reply) => p.key === k)?.value;
    expect(get('getUpdateAccountPermissionFee')).toBe(100_000_000);
    expect(get('getMultiSignFee')).toBe(1_000_000);
    expect(get('getEnergyFee')).toBe(MAINNET_CHAIN_PARAMETERS.getEnergyFee);
    const res = await post(node, '/wallet/getaccountresource', { address: A!.address, visible: true });
    expect(res).toMatchObject({ freeNetLimit: 600 });
    expect(res.freeNetUsed).toBeGreaterThan(0);
    expect(await post(node, '/wallet/getaccountresource', { address: E!.address, visible: true })).toEqual(
      {},
    );
  });
});

describe('fixture node (SYNTHETIC replies): permission update and weighted multi-signature', () => {
  const weighted = () => ({
    type: 0,
    permission_name: 'owner',
    threshold: 3,
    keys: [
      { address: B!.address, weight: 2 },
      { address: C!.address, weight: 1 },
      { address: D!.address, weight: 1 },
    ],
  });
  const active = () => ({
    ...weighted(),
    type: 2,
    permission_name: 'custody',
    operations: DEFAULT_ACTIVE_OPERATIONS,
  });

  it('fixture: AccountPermissionUpdate burns 100 TRX and replaces owner and active permissions', async () => {
    const before = (await post(node, '/wallet/getaccount', { address: A!.address, visible: true }))
      .balance as number;
    const tx = signRawData(permissionUpdateRaw(await headRefs(node), A!.address, weighted(), [active()]), [
      A!.privateKey,
    ]);
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
    const a = await post(node, '/wallet/getaccount', { address: A!.address, visible: true });
    // A's 600 free bandwidth points are spent by now, so the bytes are burned too (1000 sun each)
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(info.receipt.net_fee).toBeGreaterThan(0);
    expect(info.fee).toBe(100 * TRX + info.receipt.net_fee);
    expect(a.balance).toBe(before - info.fee);
    expect(a.owner_permission).toEqual({ permission_name: 'owner', threshold: 3, keys: weighted().keys });
    expect(a.active_permission).toEqual([
      {
        type: 'Active',
        id: 2,
        permission_name: 'custody',
        threshold: 3,
        operations: DEFAULT_ACTIVE_OPERATIONS,
        keys: weighted().keys,
      },
    ]);
  });

  it('fixture: after the update a transfer signed by B (weight 2) and C (1) reaches 3 and pays the 1 TRX multi-sign fee', async () => {
    const tx = signRawData(transferRaw(await headRefs(node), A!.address, E!.address, 5 * TRX), [
      B!.privateKey,
      C!.privateKey,
    ]);
    expect(await broadcast(tx)).toEqual({ result: true, txid: tx.txID });
    const info = await post(node, '/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(info.fee).toBe(1_100_000 + 1_000_000); // E's activation + multi-sign fee
  });

  it('fixture: after the update the old key alone, one key below the threshold, or a key twice are SIGERROR', async () => {
    const refs = await headRefs(node);
    const old = refusal(
      await broadcast(signRawData(transferRaw(refs, A!.address, E!.address, 1), [A!.privateKey])),
    );
    expect(old.code).toBe('SIGERROR');
    expect(old.message).toContain('but it is not contained of permission.');
    const cd = refusal(
      await broadcast(
        signRawData(transferRaw(refs, A!.address, E!.address, 2), [C!.privateKey, D!.privateKey]),
      ),
    );
    expect(cd).toEqual({ code: 'SIGERROR', message: 'validate signature error sig error' });
    const twice = refusal(
      await broadcast(
        signRawData(transferRaw(refs, A!.address, E!.address, 3), [B!.privateKey, B!.privateKey]),
      ),
    );
    expect(twice.message).toBe(`validate signature error ${B!.address} has signed twice!`);
  });

  it('fixture: the active permission (Permission_id 2) may transfer but not update permissions (bit 46 unset)', async () => {
    const refs = await headRefs(node);
    const viaActive = signRawData(transferRaw(refs, A!.address, E!.address, TRX, 2), [
      B!.privateKey,
      D!.privateKey,
    ]);
    expect((await broadcast(viaActive)).result).toBe(true);
    const upd = permissionUpdateRaw(refs, A!.address, weighted(), [active()]);
    (upd.contract[0] as Record<string, unknown>).Permission_id = 2;
    const r = refusal(await broadcast(signRawData(upd, [B!.privateKey, C!.privateKey])));
    expect(r).toEqual({ code: 'SIGERROR', message: 'validate signature error Permission denied' });
    const unknown = signRawData(transferRaw(refs, A!.address, E!.address, TRX, 3), [
      B!.privateKey,
      C!.privateKey,
    ]);
    expect(refusal(await broadcast(unknown)).message).toBe("validate signature error permission isn't exit");
  });
});

describe('fixture node: API key and pending transactions', () => {
  it('fixture: started with apiKey, a request without TRON-PRO-API-KEY gets 401 and one with it 200', async () => {
    const keyed = await startTronFixtureNode({ apiKey: 'test-key' });
    try {
      const bare = await fetch(`${keyed.url}/wallet/getnowblock`, { method: 'POST', body: '{}' });
      expect(bare.status).toBe(401);
      const ok = await fetch(`${keyed.url}/wallet/getnowblock`, {
        headers: { 'TRON-PRO-API-KEY': 'test-key' },
      });
      expect(ok.status).toBe(200);
      expect((await ok.json()).block_header.raw_data.number).toBe(0);
    } finally {
      await keyed.close();
    }
  });

  it('fixture: with autoMine false, gettransactioninfobyid is {} until mine()', async () => {
    const slow = await startTronFixtureNode({ autoMine: false, startTime: 1_767_225_600_000 });
    try {
      slow.fund(A!.address, 10 * TRX);
      const tx = signRawData(transferRaw(await headRefs(slow), A!.address, B!.address, TRX), [A!.privateKey]);
      expect((await post(slow, '/wallet/broadcasttransaction', tx)).result).toBe(true);
      expect(await post(slow, '/wallet/gettransactioninfobyid', { value: tx.txID })).toEqual({});
      slow.mine(2);
      const info = await post(slow, '/wallet/gettransactioninfobyid', { value: tx.txID });
      expect(info).toMatchObject({ blockNumber: 1, blockTimeStamp: 1_767_225_600_000 + 3000 });
      expect((await post(slow, '/wallet/getnowblock')).block_header.raw_data.number).toBe(2);
    } finally {
      await slow.close();
    }
  });
});
