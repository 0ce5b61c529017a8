import { sql } from 'kysely';
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createSafe,
  signatureFor,
  signerKey,
  transferSpace,
  type DeployedSafe,
} from '../../../test/transfer-helpers';
import type { Person } from '../../../test/space-helpers';
import { devnetKey } from '../../../test/wallet-helpers';
import { recordDeposits } from '../../jobs/deposit-scan';
import { followTransfers as followExecutions } from '../../jobs/transfer-watcher';

/** Funded devnet account 9 broadcasts in this file (no other server test sends from it). */
const broadcaster = privateKeyToAccount(devnetKey(9));

interface Prepared {
  chain_id: number;
  to: Hex;
  data: Hex;
  value: string;
  nonce: number;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  speed_up: boolean;
}

interface Info {
  status: number;
  nonce: string;
  hash: string | null;
  rejection: { task_id: number; status: number } | null;
  broadcasts: Array<{ tx_hash: string; status: number; send_count: number; from: string }>;
  queue: Array<{ task_id: number; nonce: string; rejection: boolean }>;
}

let t: TestApp;
let admin: Person;
let signerA: Person;
let signerB: Person;
let safe: DeployedSafe;
const recipient = '0x00000000000000000000000000000000000b0a7d';

const signRaw = (
  prepared: Prepared,
  override: Partial<{
    nonce: number;
    data: Hex;
    chainId: number;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
  }> = {},
) =>
  broadcaster.signTransaction({
    chainId: override.chainId ?? prepared.chain_id,
    type: 'eip1559',
    to: prepared.to,
    data: override.data ?? prepared.data,
    value: BigInt(prepared.value),
    nonce: override.nonce ?? prepared.nonce,
    gas: BigInt(prepared.gas),
    maxFeePerGas: override.maxFeePerGas ?? BigInt(prepared.max_fee_per_gas),
    maxPriorityFeePerGas: override.maxPriorityFeePerGas ?? BigInt(prepared.max_priority_fee_per_gas),
  });

const info = async (taskId: number) =>
  (await admin.client.get<Info>('/api/v1/task/info', { task_id: taskId })).data;

/** A transfer signed by both signers (no approval step on this wallet): status 5. */
async function signedTransfer(amount: string): Promise<number> {
  const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
    wallet_id: safe.walletId,
    to: recipient,
    amount,
    token: safe.usdt,
  });
  expect(created.code).toBe('OK');
  await signBoth(created.data.task_id);
  return created.data.task_id;
}

async function signBoth(taskId: number) {
  expect(
    (
      await signerA.client.post('/api/v1/sign', {
        task_id: taskId,
        signature: await signatureFor(signerA, 11, taskId),
      })
    ).code,
  ).toBe('OK');
  expect(
    (
      await signerB.client.post('/api/v1/sign', {
        task_id: taskId,
        signature: await signatureFor(signerB, 12, taskId),
      })
    ).data,
  ).toMatchObject({ status: 5 });
}

async function broadcast(taskId: number): Promise<string> {
  const prepared = (
    await admin.client.post<Prepared>('/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    })
  ).data;
  const sent = await admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
    task_id: taskId,
    raw_tx: await signRaw(prepared),
  });
  expect(sent.code).toBe('OK');
  return sent.data.tx_hash;
}

beforeAll(async () => {
  t = await createTestApp();
  const space = await transferSpace(t, 2, 'Broadcast desk');
  admin = space.admin;
  [signerA, signerB] = space.members as [Person, Person];
  safe = await createSafe(t, admin, {
    signers: [
      { who: signerA, key: 11 },
      { who: signerB, key: 12 },
      { who: admin, key: 13 },
    ],
    threshold: 2,
    operators: [admin],
    broadcastScope: 2,
    deployFrom: 8,
    usdt: '500',
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('broadcast relay', () => {
  it('relays exactly the expected execTransaction once and follows it to completed', async () => {
    const taskId = await signedTransfer('10');
    const prepared = (
      await admin.client.post<Prepared>('/api/v1/broadcast-create', {
        task_id: taskId,
        from: broadcaster.address,
      })
    ).data;
    expect(prepared).toMatchObject({ chain_id: 31337, speed_up: false });
    expect(prepared.to.toLowerCase()).toBe(safe.address.toLowerCase());

    // Anything else signed by the broadcaster is refused and changes nothing.
    expect((await admin.client.post('/api/v1/broadcast', { task_id: taskId, raw_tx: '0x1234' })).code).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    expect(
      (
        await admin.client.post('/api/v1/broadcast', {
          task_id: taskId,
          raw_tx: await signRaw(prepared, { data: '0xdeadbeef' }),
        })
      ).code,
    ).toBe('TASK_DATA_CHANGED_ERROR');
    expect(
      (
        await admin.client.post('/api/v1/broadcast', {
          task_id: taskId,
          raw_tx: await signRaw(prepared, { chainId: 1 }),
        })
      ).code,
    ).toBe('SIGNATURE_CHAIN_UNSUPPORTED_ERROR');
    expect((await admin.client.post('/api/v1/broadcast', { task_id: taskId })).code).toBe(
      'PARAMS_REQUIRED_ERROR',
    );
    expect(
      (await signerA.client.post('/api/v1/broadcast', { task_id: taskId, raw_tx: await signRaw(prepared) }))
        .code,
    ).toBe('PERMISSION_BROADCAST_ERROR');
    expect((await info(taskId)).status).toBe(5);

    const raw = await signRaw(prepared);
    const sent = await admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
      task_id: taskId,
      raw_tx: raw,
    });
    expect(sent.data).toMatchObject({ status: 6 });
    expect((await admin.client.post('/api/v1/broadcast', { task_id: taskId, raw_tx: raw })).code).toBe(
      'TX_ALREADY_BROADCAST_ERROR',
    );
    expect(await followExecutions(t.ctx)).toBeGreaterThanOrEqual(1);
    const done = await info(taskId);
    expect(done).toMatchObject({ status: 1, hash: sent.data.tx_hash });
    expect(done.broadcasts).toEqual([
      expect.objectContaining({ tx_hash: sent.data.tx_hash, status: 1, send_count: 1 }),
    ]);
    expect(
      (await admin.client.post('/api/v1/broadcast-create', { task_id: taskId, from: broadcaster.address }))
        .code,
    ).toBe('TX_ALREADY_CONFIRMED_ERROR');

    const out = await admin.client.get<{
      list: Array<{ direction: number; tx_hash: string; amount: string; task_id: number }>;
    }>('/api/v1/transfer/records', { direction: 2 });
    expect(out.data.list).toContainEqual(
      expect.objectContaining({ direction: 2, tx_hash: sent.data.tx_hash, amount: '10', task_id: taskId }),
    );

    // The record as the chain tells it: the fee is what the receipt says the broadcaster paid.
    const recordId = (
      await t.ctx.db
        .selectFrom('transfer_records')
        .select('id')
        .where('tx_hash', '=', sent.data.tx_hash)
        .executeTakeFirstOrThrow()
    ).id;
    const receipt = await createPublicClient({
      transport: http(inject('devnet')!.rpcUrl),
    }).getTransactionReceipt({
      hash: sent.data.tx_hash as Hex,
    });
    const record = await admin.client.get<{
      fee: string;
      fee_symbol: string;
      confirmations: number;
      block_number: number;
    }>('/api/v1/transfer/info', { id: recordId });
    expect(record.data).toMatchObject({
      fee: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
      fee_symbol: 'ETH',
      block_number: Number(receipt.blockNumber),
    });
    expect(record.data.confirmations).toBeGreaterThanOrEqual(1);

    // Its steps and its one broadcast attempt; another space learns nothing of either.
    const schedule = await admin.client.get<{
      steps: Array<{ step: string; state: string; count: number | null; needed: number | null }>;
    }>('/api/v1/task/schedule', { task_id: taskId });
    expect(schedule.data.steps.map((s) => [s.step, s.state])).toEqual([
      ['created', 'done'],
      ['approval', 'skipped'],
      ['signing', 'done'],
      ['broadcast', 'done'],
      ['on_chain', 'done'],
      ['completed', 'done'],
    ]);
    expect(schedule.data.steps[2]).toMatchObject({ count: 2, needed: 2 });
    const attempts = await admin.client.get<{ list: Array<{ tx_hash: string; status: number }> }>(
      '/api/v1/broadcast-schedule',
      { task_id: taskId },
    );
    expect(attempts.data.list).toEqual([expect.objectContaining({ tx_hash: sent.data.tx_hash, status: 1 })]);
    const other = await transferSpace(t, 0, 'Curious');
    expect((await other.admin.client.get('/api/v1/task/schedule', { task_id: taskId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );
    expect((await other.admin.client.get('/api/v1/broadcast-schedule', { task_id: taskId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );
    expect((await other.admin.client.get('/api/v1/transfer/info', { id: recordId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );
  });

  it('a hash sent from outside is followed only when the chain shows it executing this transfer (/task/tracer)', async () => {
    const taskId = await signedTransfer('3');
    const prepared = (
      await admin.client.post<Prepared>('/api/v1/broadcast-create', {
        task_id: taskId,
        from: broadcaster.address,
      })
    ).data;
    const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const trace = (hash: string) =>
      admin.client.post<{ status: number }>('/api/v1/task/tracer', { task_id: taskId, tx_hash: hash });
    // Unknown to the chain, and a mined transaction that executes something else: refused, nothing recorded.
    expect((await trace(`0x${'ab'.repeat(32)}`)).code).toBe('PARAMS_INVALID_ERROR');
    const other = await t.ctx.db
      .selectFrom('task_broadcasts')
      .select('tx_hash')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await trace(other.tx_hash)).code).toBe('PARAMS_INVALID_ERROR');
    expect((await info(taskId)).status).toBe(5);
    // The broadcaster's wallet sends it itself; once mined the hash is taken and the transfer completes.
    const hash = await client.sendRawTransaction({ serializedTransaction: await signRaw(prepared) });
    await client.waitForTransactionReceipt({ hash });
    const traced = await trace(hash);
    expect(traced.code).toBe('OK');
    expect(traced.data.status).toBe(6);
    expect((await trace(hash)).code).toBe('TX_ALREADY_CONFIRMED_ERROR');
    await followExecutions(t.ctx);
    expect((await info(taskId)).status).toBe(1);
  });

  it('keeps the Safe nonce queue: a later transfer waits for the earlier one', async () => {
    const first = await signedTransfer('1');
    const second = await signedTransfer('2');
    const early = await admin.client.post<null>('/api/v1/broadcast-create', {
      task_id: second,
      from: broadcaster.address,
    });
    expect(early.code).toBe('BROADCAST_REJECTED_ERROR');
    expect(early.data).toMatchObject({ reason: 'queue' });
    const queue = (await info(second)).queue.map((q) => q.task_id);
    expect(queue.indexOf(first)).toBeLessThan(queue.indexOf(second));
    await broadcast(first);
    await followExecutions(t.ctx);
    await broadcast(second);
    await followExecutions(t.ctx);
    expect((await info(second)).status).toBe(1);
  });
  // Speed-up needs a transaction that stays pending: e2e/tests/broadcast-crash.test.ts turns the
  // devnet's automine off on its own server for that (this devnet is shared by parallel files).
});

describe('revoke', () => {
  it('at 5 cancels on chain: the rejection at the same nonce executes and the transfer becomes revoked', async () => {
    const taskId = await signedTransfer('4');
    const revoked = await admin.client.post<{ status: number; rejection_task_id: number }>(
      '/api/v1/task/revoke',
      { task_id: taskId, comment: 'wrong vendor' },
    );
    expect(revoked.data.status).toBe(5);
    const rejectionId = revoked.data.rejection_task_id;
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: taskId })).code).toBe(
      'TASK_ALREADY_REVOKED_ERROR',
    );
    const original = await info(taskId);
    expect(original.rejection).toEqual({ task_id: rejectionId, status: 3 });
    expect(original.queue.filter((q) => q.nonce === original.nonce).map((q) => q.rejection)).toEqual([
      false,
      true,
    ]);

    await signBoth(rejectionId);
    await broadcast(rejectionId);
    await followExecutions(t.ctx);
    expect((await info(rejectionId)).status).toBe(1);
    expect((await info(taskId)).status).toBe(7);
    expect(
      (await admin.client.post('/api/v1/broadcast-create', { task_id: taskId, from: broadcaster.address }))
        .code,
    ).toBe('TASK_STATUS_ERROR');
    // The nonce is used: the next transfer takes the one after it.
    const next = await admin.client.post<{ task_id: number; nonce: string }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient,
      amount: '1',
      token: safe.usdt,
    });
    expect(BigInt(next.data.nonce)).toBe(BigInt(original.nonce) + 1n);
    await admin.client.post('/api/v1/task/revoke', { task_id: next.data.task_id });
  });

  it('a transfer that executes first cancels its pending rejection (10)', async () => {
    const taskId = await signedTransfer('5');
    const revoked = await admin.client.post<{ rejection_task_id: number }>('/api/v1/task/revoke', {
      task_id: taskId,
    });
    await broadcast(taskId);
    await followExecutions(t.ctx);
    expect((await info(taskId)).status).toBe(1);
    expect((await info(revoked.data.rejection_task_id)).status).toBe(10);
  });
});

describe('small-amount test', () => {
  it('a self-transfer of a little ETH goes straight to the signers and through a real broadcast', async () => {
    const volume = await admin.client.get<{
      symbol: string;
      amount: string;
      enough: boolean;
      deposit_address: string;
    }>('/api/v1/wallets/small-amount-test-volume', { wallet_id: safe.walletId });
    expect(volume.data).toMatchObject({ symbol: 'ETH', amount: '0.0001', enough: true });
    expect(volume.data.deposit_address.toLowerCase()).toBe(safe.address.toLowerCase());
    expect(
      (await signerA.client.post('/api/v1/wallets/small-amount-test', { wallet_id: safe.walletId })).code,
    ).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    const started = await admin.client.post<{ task_id: number; status: number; to: string; amount: string }>(
      '/api/v1/wallets/small-amount-test',
      { wallet_id: safe.walletId },
    );
    expect(started.data).toMatchObject({ status: 3, amount: '0.0001' });
    expect(started.data.to.toLowerCase()).toBe(safe.address.toLowerCase());
    // An ordinary transfer to the wallet itself is still refused.
    expect(
      (
        await admin.client.post('/api/v1/task', {
          wallet_id: safe.walletId,
          to: safe.address,
          amount: '0.0001',
        })
      ).code,
    ).toBe('TRANSFER_TO_SELF_ERROR');
    await signBoth(started.data.task_id);
    await broadcast(started.data.task_id);
    await followExecutions(t.ctx);
    expect((await info(started.data.task_id)).status).toBe(1);
  });
});

describe('fees, deposits and lists', () => {
  it("Max is the Safe's token balance on chain less what its active transfers hold; the broadcaster pays the gas", async () => {
    const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const onChain = await client.readContract({
      address: safe.usdt as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [safe.address as Hex],
    });
    const held = await t.ctx.db
      .selectFrom('tasks')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('n'))
      .where('wallet_id', '=', safe.walletId)
      .where('type', '=', 1)
      .where('status', 'in', [0, 3, 5, 6])
      .executeTakeFirstOrThrow();
    const max = await admin.client.post<{ amount: string; fee: string | null; symbol: string }>(
      '/api/v1/fee/estimate/max',
      { wallet_id: safe.walletId, token: safe.usdt },
    );
    expect(max.data).toEqual({
      amount: formatUnits(onChain - BigInt(held.n), 6),
      symbol: 'USDT',
      fee: null,
      fee_symbol: 'ETH',
    });
    // Only operators ask: the signer here operates nothing.
    expect((await signerA.client.post('/api/v1/fee/estimate/max', { wallet_id: safe.walletId })).code).toBe(
      'PERMISSION_WALLET_OPERATE_ERROR',
    );
  });

  it('quotes fee tiers in Gwei and refuses a zero custom fee', async () => {
    const fees = await admin.client.post<{
      unit: string;
      tiers: Record<'slow' | 'standard' | 'fast', { max_fee_gwei: string }>;
    }>('/api/v1/fee/estimate', { wallet_id: safe.walletId });
    expect(fees.data.unit).toBe('gwei');
    expect(Number(fees.data.tiers.slow.max_fee_gwei)).toBeLessThanOrEqual(
      Number(fees.data.tiers.fast.max_fee_gwei),
    );
    const zero = await admin.client.post('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient,
      amount: '1',
      token: safe.usdt,
      fee_tier: 'custom',
      custom_fee_gwei: '0',
    });
    expect(zero.code).toBe('TRANSFER_FEE_ZERO_ERROR');
    const custom = await admin.client.post<{ task_id: number; fee_tier: string }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient,
      amount: '1',
      token: safe.usdt,
      fee_tier: 'custom',
      custom_fee_gwei: '3.5',
    });
    expect(custom.data.fee_tier).toBe('custom');
    await admin.client.post('/api/v1/task/revoke', { task_id: custom.data.task_id });
  });

  it('records deposits to space wallets as on-chain records (direction in), once', async () => {
    expect((await admin.client.post('/api/v1/dev/faucet', { address: safe.address, usdt: '42' })).code).toBe(
      'OK',
    );
    await recordDeposits(t.ctx);
    await recordDeposits(t.ctx);
    const records = await admin.client.get<{
      list: Array<{ direction: number; symbol: string; amount: string; to: string }>;
    }>('/api/v1/transfer/records', { direction: 1, wallet_id: safe.walletId });
    const deposits = records.data.list.filter((r) => r.symbol === 'USDT' && r.amount === '42');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]!.to.toLowerCase()).toBe(safe.address.toLowerCase());
    // Another space sees none of them.
    const other = await transferSpace(t, 0, 'Elsewhere');
    expect((await other.admin.client.get<{ total: number }>('/api/v1/transfer/records', {})).data.total).toBe(
      0,
    );
  });

  it('filters the list by task number and symbol and exports CSV', async () => {
    const created = await admin.client.post<{ task_id: number; task_number: string }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient,
      amount: '1.25',
      token: safe.usdt,
      remark: '=HYPERLINK("x")',
    });
    // The pending transfer's amount is locked in the wallet's assets.
    const assets = await admin.client.get<{
      detail: Array<{ symbol: string; amount: string; lock_amount: string; available_amount: string }>;
    }>('/api/v1/wallets/asset-info', { wallet_id: safe.walletId });
    const usdtLine = assets.data.detail.find((line) => line.symbol === 'USDT')!;
    expect(usdtLine.lock_amount).toBe('1.25');
    expect(Number(usdtLine.available_amount)).toBeCloseTo(Number(usdtLine.amount) - 1.25, 6);
    const byNumber = await admin.client.get<{ list: Array<{ task_id: number }>; total: number }>(
      '/api/v1/transfer/list',
      { tab: 'all', keyword: created.data.task_number },
    );
    expect(byNumber.data.list.map((task) => task.task_id)).toEqual([created.data.task_id]);
    expect(
      (await admin.client.get<{ total: number }>('/api/v1/transfer/list', { tab: 'all', symbol: 'BTC' })).data
        .total,
    ).toBe(0);
    const csv = await admin.client.get('/api/v1/transfer/list/export', { keyword: created.data.task_number });
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = csv.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('task_number');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`); // a formula is never run by a spreadsheet
    const records = await admin.client.get('/api/v1/transfer/records/export');
    expect(records.raw).toContain('tx_hash');
    await admin.client.post('/api/v1/task/revoke', { task_id: created.data.task_id });
  });
});

// The helper keys are devnet mnemonic keys; make sure the file's own broadcaster is not among the Safe's owners.
it('the broadcaster is not an owner', () => {
  expect([11, 12, 13].map((k) => privateKeyToAccount(signerKey(k)).address)).not.toContain(
    broadcaster.address,
  );
});
