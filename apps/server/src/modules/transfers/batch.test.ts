// Batch transfers (§5 "batch", §7 /fee/estimate-one-to-many, /task/one-to-many) on a Safe of the
// Hardhat devnet: the CSV rules with every bad row named at once, then 200 recipients (ETH and
// the devnet's USDT mixed) paid by one Safe transaction through the real MultiSendCallOnly, every
// recipient's balance read back from the node.
import {
  createPublicClient,
  erc20Abi,
  formatEther,
  formatUnits,
  http,
  parseEther,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BatchEstimate, BatchRowError } from '@keystead/contract';
import { BATCH_CSV_MAX_BYTES } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Person } from '../../../test/space-helpers';
import {
  createSafe,
  signatureFor,
  signerKey,
  signPreparedExecution,
  transferSpace,
  type PreparedExecution,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { followTransfers } from '../../jobs/transfer-watcher';
import { EVM_BATCH_MAX_ROWS } from './batch-gas';
import { refreshBalances } from '../../jobs/wallet-jobs';

/** Key 27 of the devnet mnemonic broadcasts here only (funded by the faucet in this file). */
const broadcaster = privateKeyToAccount(signerKey(27));
const recipient = (i: number) => `0x${(0xba7c0000 + i).toString(16).padStart(40, '0')}` as Address;

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
const operator = () => space.members[0]!;
const signer = () => space.members[1]!;

const estimate = (body: object, who: Person = operator()) =>
  who.client.post<BatchEstimate>('/api/v1/fee/estimate-one-to-many', { wallet_id: safe.walletId, ...body });
const rowErrors = (reply: { raw: string }) =>
  (JSON.parse(reply.raw) as { data: { rows: BatchRowError[] } }).data.rows.map((e) => [
    e.row,
    e.column,
    e.code,
  ]);
const taskCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  space = await transferSpace(t, 2, 'Batch desk');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: 21 },
      { who: signer(), key: 22 },
    ],
    threshold: 2,
    operators: [operator()],
    deployFrom: 8,
    usdt: '100000',
  });
  const funded = await space.admin.client.post('/api/v1/dev/faucet', {
    address: broadcaster.address,
    eth: '5',
  });
  expect(funded.code).toBe('OK');
}, 120_000);
afterAll(() => t?.close());

describe('the batch file', () => {
  it('names every bad row at once, with its column and reason, and writes nothing', async () => {
    const before = await taskCount();
    const csv = [
      'address,amount,token,memo,fund_purpose',
      `${recipient(1)},1.5,USDT,salary,`,
      `not-an-address,1,USDT,,`,
      `${recipient(2)},0,,,`,
      `${recipient(3)},1.1234567,USDT,,`,
      `${recipient(4)},1,DOGE,,`,
      `${safe.address},1,,,`,
      `${recipient(1)},2,USDT,again,`,
      `${recipient(5)},0.01,,,Nonexistent purpose`,
    ].join('\n');
    const reply = await estimate({ csv });
    expect(reply.code).toBe('BATCH_ROWS_INVALID_ERROR');
    expect(reply.message).toContain('7');
    // The rows as the server read them come back too, for the screen to show errors beside them.
    const sheet = (JSON.parse(reply.raw) as { data: { sheet: Array<{ row: number; token: string }> } }).data
      .sheet;
    expect(sheet.map((r) => [r.row, r.token])).toEqual([
      [2, 'USDT'],
      [3, 'USDT'],
      [4, ''],
      [5, 'USDT'],
      [6, 'DOGE'],
      [7, ''],
      [8, 'USDT'],
      [9, ''],
    ]);
    expect(rowErrors(reply)).toEqual([
      [3, 'address', 'CHAIN_ADDRESS_INVALID_ERROR'],
      [4, 'amount', 'TRANSFER_VOLUME_ZERO_ERROR'],
      [5, 'amount', 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
      [6, 'token', 'TOKEN_NOT_FOUND_ERROR'],
      [7, 'address', 'TRANSFER_TO_SELF_ERROR'],
      [8, 'address', 'RESOURCE_EXISTS_ERROR'],
      [9, 'fund_purpose', 'TAG_NOT_FOUND_ERROR'],
    ]);
    expect(
      (await operator().client.post('/api/v1/task/one-to-many', { wallet_id: safe.walletId, csv })).code,
    ).toBe('BATCH_ROWS_INVALID_ERROR');
    expect(await taskCount()).toBe(before);
  });

  it('reads BOM and CRLF files, headers in Chinese, and keeps formula-looking cells as plain text', async () => {
    const csv = `\uFEFF收款地址,金额,币种,备注,资金用途\r\n${recipient(6)},2,USDT,=HYPERLINK("http://x"),Payroll\r\n\r\n${recipient(7)},0.5,,@SUM(1),\r\n`;
    const reply = await estimate({ csv });
    expect(reply.code).toBe('OK');
    expect(
      reply.data.rows.map((r) => [r.row, r.amount, r.symbol, r.memo, r.fund_purpose?.code ?? null]),
    ).toEqual([
      [2, '2', 'USDT', '=HYPERLINK("http://x")', 'payroll'],
      [4, '0.5', 'ETH', '@SUM(1)', null],
    ]);
    const injected = await estimate({ csv: `address,amount\n=cmd|' /C calc'!A0,1\n` });
    expect(rowErrors(injected)).toEqual([[2, 'address', 'CHAIN_ADDRESS_INVALID_ERROR']]);
  });

  it("refuses files it cannot read, over 5 MB, above the plan's recipient count, or on a free plan", async () => {
    expect((await estimate({ csv: 'who,what\n1,2\n' })).code).toBe('CSV_PARSE_ERROR');
    expect((await estimate({ csv: `address,amount\n"${recipient(1)},1\n` })).code).toBe('CSV_PARSE_ERROR');
    expect((await estimate({ csv: 'address,amount\n' })).code).toBe('PARAMS_REQUIRED_ERROR');
    const header = 'address,amount\n';
    const tooBig = header + 'x'.repeat(BATCH_CSV_MAX_BYTES + 1 - header.length);
    const big = await estimate({ csv: tooBig });
    expect(big.code).toBe('CSV_FILE_TOO_LARGE_ERROR');
    const lines = Array.from({ length: 5_000 }, (_, i) => `${recipient(10_000 + i)},0.001,,,`);
    const many = await estimate({ csv: `address,amount,token,memo,fund_purpose\n${lines.join('\n')}` });
    expect(many.code).toBe('TRANSFER_MAX_ADDRESSES_ERROR');
    // The enterprise plan allows 500; a Safe batch stays under the per-transaction gas cap.
    expect(many.message).toContain(String(EVM_BATCH_MAX_ROWS));
    expect(EVM_BATCH_MAX_ROWS).toBeGreaterThanOrEqual(300);

    const plan = (name: 'free' | 'enterprise') =>
      t.ctx.db.updateTable('organizations').set({ plan: name }).where('id', '=', space.spaceId).execute();
    await plan('free');
    try {
      expect((await estimate({ rows: [{ address: recipient(1), amount: '1' }] })).code).toBe(
        'VIP_PLAN_LIMIT_EXCEEDED_ERROR',
      );
    } finally {
      await plan('enterprise');
    }
  });

  it('needs a fund purpose on every row where the wallet requires one', async () => {
    const tags = (open: boolean) =>
      space.admin.client.put('/api/v1/wallets/open-asset-tag', { wallet_id: safe.walletId, open });
    await tags(true);
    try {
      const rows = [
        { address: recipient(1), amount: '1', token: 'USDT', fund_purpose: 'payroll' },
        { address: recipient(2), amount: '1', token: 'USDT' },
      ];
      expect(rowErrors(await estimate({ rows }))).toEqual([
        [2, 'fund_purpose', 'TRANSFER_PURPOSE_REQUIRED_ERROR'],
      ]);
      const payroll = (await estimate({ rows: rows.slice(0, 1) })).data.rows[0]!.fund_purpose!;
      expect((await estimate({ rows, label_id: payroll.id })).code).toBe('OK');
    } finally {
      await tags(false);
    }
  });

  it('is refused by viewers and by families that cannot batch', async () => {
    expect((await estimate({ rows: [{ address: recipient(1), amount: '1' }] }, signer())).code).toBe(
      'PERMISSION_WALLET_OPERATE_ERROR',
    );
  });
});

describe('a batch of 200 recipients on the devnet', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ({
    address: recipient(100 + i),
    amount: i % 2 === 0 ? `0.${String(i + 1).padStart(5, '0')}` : `${i + 1}.25`,
    token: i % 2 === 0 ? '' : 'USDT',
    memo: `row ${i + 1}`,
  }));
  const csv = [
    'address,amount,token,memo',
    ...rows.map((r) => `${r.address},${r.amount},${r.token},${r.memo}`),
  ].join('\r\n');
  let taskId: number;
  let estimated: BatchEstimate;

  it('is priced with its totals per asset', async () => {
    const reply = await estimate({ csv });
    expect(reply.code).toBe('OK');
    estimated = reply.data;
    expect(estimated.recipients).toBe(200);
    expect(estimated.max_recipients).toBe(EVM_BATCH_MAX_ROWS);
    const eth = rows.filter((_, i) => i % 2 === 0).reduce((sum, r) => sum + parseEther(r.amount), 0n);
    const usdt = rows.filter((_, i) => i % 2 === 1).reduce((sum, r) => sum + parseUnits(r.amount, 6), 0n);
    expect(estimated.totals.map((x) => [x.symbol, x.amount])).toEqual([
      ['ETH', formatEther(eth)],
      ['USDT', formatUnits(usdt, 6)],
    ]);
    expect(estimated.fee.paid_by).toBe('broadcaster');
    expect(BigInt(estimated.fee.gas_limit!)).toBeGreaterThan(0n);
  });

  it('becomes one task (type 4) whose Safe transaction decodes to every row, and holds what it moves', async () => {
    const created = await operator().client.post<{ task_id: number; type: number; recipient_count: number }>(
      '/api/v1/task/one-to-many',
      { wallet_id: safe.walletId, csv, remark: 'November payouts' },
    );
    expect(created.code).toBe('OK');
    expect(created.data).toMatchObject({ type: 4, recipient_count: 200 });
    taskId = created.data.task_id;
    const info = await operator().client.get<{
      batch_rows: Array<{ row: number; address: string; amount: string; symbol: string; effect: string }>;
      safe_tx: {
        kind: string;
        operation: string;
        calls: Array<{ recipient: string; amount: string; token_symbol: string | null }>;
      };
    }>('/api/v1/task/info', { task_id: taskId });
    expect(info.data.batch_rows).toHaveLength(200);
    expect(info.data.batch_rows.every((o) => o.effect === 'pending')).toBe(true);
    expect(info.data.safe_tx.kind).toBe('multi_send');
    expect(info.data.safe_tx.operation).toBe('DELEGATECALL');
    expect(
      info.data.safe_tx.calls.map((c) => [c.recipient.toLowerCase(), c.amount, c.token_symbol ?? 'ETH']),
    ).toEqual(rows.map((r) => [r.address, r.amount, r.token || 'ETH']));

    // While the batch is active its USDT is held: a single transfer of the rest plus one fails.
    const usdtHeld = rows.filter((_, i) => i % 2 === 1).reduce((sum, r) => sum + Number(r.amount), 0);
    const tooMuch = await operator().client.post('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient(999),
      amount: String(100_000 - usdtHeld + 1),
      token: safe.usdt,
    });
    expect(tooMuch.code).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  });

  it('pays every recipient in one execution: each balance read from the node', async () => {
    for (const [who, key] of [
      [space.admin, 21],
      [signer(), 22],
    ] as const) {
      const signed = await who.client.post('/api/v1/sign', {
        task_id: taskId,
        signature: await signatureFor(who, key, taskId),
      });
      expect(signed.code).toBe('OK');
    }
    const prepared = await space.admin.client.post<PreparedExecution>('/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    });
    expect(prepared.code).toBe('OK');
    const raw = await signPreparedExecution(broadcaster, prepared.data);
    const sent = await space.admin.client.post<{ tx_hash: `0x${string}` }>('/api/v1/broadcast', {
      task_id: taskId,
      raw_tx: raw,
    });
    expect(sent.code, sent.raw).toBe('OK');
    expect(await followTransfers(t.ctx)).toBeGreaterThanOrEqual(1);

    const node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const receipt = await node.getTransactionReceipt({ hash: sent.data.tx_hash });
    expect(receipt.status).toBe('success');
    // The estimate's gas against what the execution used (printed: the per-row figures are ours).
    console.warn(
      `batch of 200: gas used ${receipt.gasUsed}, estimated ${estimated.fee.gas_limit} (${(
        Number(estimated.fee.gas_limit) / Number(receipt.gasUsed)
      ).toFixed(2)}×)`,
    );
    expect(BigInt(estimated.fee.gas_limit!)).toBeGreaterThanOrEqual(receipt.gasUsed);
    for (const row of rows) {
      const balance = row.token
        ? await node.readContract({
            address: safe.usdt as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [row.address],
          })
        : await node.getBalance({ address: row.address });
      expect(balance, row.address).toBe(row.token ? parseUnits(row.amount, 6) : parseEther(row.amount));
    }

    const info = await operator().client.get<{ status: number; batch_rows: Array<{ effect: string }> }>(
      '/api/v1/task/info',
      { task_id: taskId },
    );
    expect(info.data.status).toBe(1);
    expect(info.data.batch_rows.every((o) => o.effect === 'paid')).toBe(true);
    const records = await operator().client.get<{ total: number }>('/api/v1/transfer/records', {
      wallet_id: safe.walletId,
      direction: 2,
    });
    expect(records.data.total).toBe(200);
    await refreshBalances(t.ctx, [safe.walletId]);
  }, 120_000);
});
