// Token approvals (§2 wallet tab, §3 statuses, §7 /wallets/dapp, /fee/dapp-estimate/cancel-approve,
// /task/dapp-approve-cancel) on a Safe of the Hardhat devnet. The Safe grants its approvals by
// Safe transactions this test signs over the hash the Safe contract itself computes; the deposit
// scan finds them; a cancellation then runs the whole transfer lifecycle (approval, two
// signatures, broadcast, watcher) and the allowance is read back from the node.
import { safeArtifact } from '@keystead/devnet';
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  maxUint256,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TokenApprovals } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  executeByApi,
  signerKey,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { recordDeposits } from '../../jobs/deposit-scan';

/** Devnet account that sends this file's transactions (no other file sends from it). */
const SENDER = 14;
const safeAbi = safeArtifact('safeSingleton').abi as Abi;
const dex = getAddress('0x00000000000000000000000000000000000d0e01');
const bridge = getAddress('0x00000000000000000000000000000000000b0e02');

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let node: ReturnType<typeof createPublicClient>;
const operator = () => space.members[0]!;
const signer = () => space.members[1]!;
const viewer = () => space.members[2]!;

/** A Safe transaction signed by both owners (keys 23, 24) over the Safe contract's own hash, sent by SENDER. */
async function execFromSafe(to: Address, data: Hex): Promise<void> {
  const address = safe.address as Address;
  const nonce = (await node.readContract({ address, abi: safeAbi, functionName: 'nonce' })) as bigint;
  const fields = [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress] as const;
  const hash = (await node.readContract({
    address,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: [...fields, nonce],
  })) as Hex;
  const owners = [23, 24].map((k) => privateKeyToAccount(signerKey(k)));
  owners.sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
  const signatures = (await Promise.all(owners.map((o) => o.sign({ hash })))).map((s) => s.slice(2)).join('');
  const exec = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [...fields, `0x${signatures}`],
  });
  const sent = await space.admin.client.post<{ tx_hash: Hex }>('/api/v1/dev/devnet-send', {
    from_index: SENDER,
    to: address,
    data: exec,
  });
  expect(sent.code, sent.raw).toBe('OK');
  const receipt = await node.waitForTransactionReceipt({ hash: sent.data.tx_hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}

const approve = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
const allowanceOnChain = (spender: Address) =>
  node.readContract({
    address: safe.usdt as Address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [safe.address as Address, spender],
  });
const approvals = (who: Person = operator()) =>
  who.client.get<TokenApprovals>('/api/v1/wallets/dapp', { wallet_id: safe.walletId });
/** Runs the deposit scan until it has read the newest block. */
async function scanToTip(): Promise<void> {
  const tip = await node.getBlockNumber({ cacheTime: 0 });
  for (let run = 0; run < 5; run++) {
    await recordDeposits(t.ctx);
    const scanned = (await approvals()).data.scanned_to_block;
    if (scanned !== null && BigInt(scanned) >= tip) return;
  }
  throw new Error(`the deposit scan did not reach block ${tip}`);
}
const cancel = (body: object, who: Person = operator()) =>
  who.client.post<{ task_id: number; type: number; status: number; dapp: unknown }>(
    '/api/v1/task/dapp-approve-cancel',
    { wallet_id: safe.walletId, token: safe.usdt, ...body },
  );

beforeAll(async () => {
  t = await createTestApp();
  node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  space = await transferSpace(t, 3, 'Approvals desk');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: 23 },
      { who: signer(), key: 24 },
    ],
    threshold: 2,
    approvers: [signer()],
    approvalThreshold: 1,
    operators: [operator()],
    viewers: [viewer()],
    deployFrom: SENDER,
  });
  await t.ctx.db
    .insertInto('address_book')
    .values({ organization_id: space.spaceId, name: 'DEX router', address: dex })
    .execute();
  await execFromSafe(safe.usdt as Address, approve(dex, 250_000_000n));
  await execFromSafe(safe.usdt as Address, approve(bridge, maxUint256));
  await scanToTip();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the token approvals tab', () => {
  it('lists what the Safe approved, newest first, allowances read from the node now', async () => {
    const reply = await approvals(viewer());
    expect(reply.code, reply.raw).toBe('OK');
    expect(reply.data.list.map((a) => [a.spender, a.symbol, a.allowance, a.unlimited, a.status])).toEqual([
      [bridge, 'USDT', formatUnits(maxUint256, 6), true, 'approve'],
      [dex, 'USDT', '250', false, 'approve'],
    ]);
    expect(reply.data.list[1]).toMatchObject({
      token: getAddress(safe.usdt),
      spender_name: 'DEX router',
      allowance_raw: '250000000',
      cancel_task_id: null,
    });
  });

  it("tells another space's member nothing of the wallet", async () => {
    const outsider = await person(t, { mfa: true, prefix: 'outsider' });
    await createSpace(outsider, 'Elsewhere');
    const read = await outsider.client.get('/api/v1/wallets/dapp', { wallet_id: safe.walletId });
    expect(read.code).toBe('WALLET_NOT_FOUND_ERROR');
    const cancelled = await cancel({ spender: dex }, outsider);
    expect(cancelled.code).toBe('WALLET_NOT_FOUND_ERROR');
    expect(await allowanceOnChain(dex)).toBe(250_000_000n);
  });

  it('estimates the fee with the gas of approve(spender, 0) from the Safe', async () => {
    const estimate = await operator().client.post<{ unit: string; gas_limit: string; tiers: object }>(
      '/api/v1/fee/dapp-estimate/cancel-approve',
      { wallet_id: safe.walletId, token: safe.usdt, spender: dex },
    );
    expect(estimate.code, estimate.raw).toBe('OK');
    expect(estimate.data.unit).toBe('gwei');
    expect(Number(estimate.data.gas_limit)).toBeGreaterThan(70_000);
    expect(Number(estimate.data.gas_limit)).toBeLessThan(150_000);
  });

  it('refuses a cancellation of nothing, by a viewer, or of a malformed address, writing nothing', async () => {
    const before = await taskCount();
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect((await cancel({ spender: stranger })).code).toBe('PARAMS_INVALID_ERROR');
    expect((await cancel({ spender: dex }, viewer())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    expect((await cancel({ spender: '0x1234' })).code).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    expect(await taskCount()).toBe(before);
  });
});

describe('cancelling an approval', () => {
  let taskId: number;

  it('creates one Dapp task per approval; a second request is refused while it is active', async () => {
    const created = await cancel({ spender: dex, remark: 'DEX retired' });
    expect(created.code, created.raw).toBe('OK');
    taskId = created.data.task_id;
    expect(created.data).toMatchObject({
      type: 6,
      status: 0,
      dapp: { action: 'approve_cancel', token: getAddress(safe.usdt), spender: dex, symbol: 'USDT' },
    });
    expect((await cancel({ spender: dex })).code).toBe('DAPP_APPROVE_CANCEL_DUPLICATE_ERROR');
    const listed = (await approvals()).data.list.find((a) => a.spender === dex);
    expect(listed).toMatchObject({ status: 'approve_cancel', cancel_task_id: taskId });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['operation', 'content'])
      .where('operation', '=', 'create_approve_cancel')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.content).toMatchObject({ task_id: taskId, spender: dex, symbol: 'USDT' });
  });

  it('shows the signers the decoded call: approve of USDT, the spender, 0', async () => {
    const info = await signer().client.get<{ safe_tx: Record<string, unknown> }>('/api/v1/task/info', {
      task_id: taskId,
    });
    expect(info.code, info.raw).toBe('OK');
    expect(info.data.safe_tx).toMatchObject({
      kind: 'erc20_approve',
      to: getAddress(safe.usdt),
      token_contract: getAddress(safe.usdt),
      recipient: dex,
      native_value: '0',
    });
  });

  it('goes through approval, two signatures and broadcast; the allowance on chain is 0 and it leaves the tab', async () => {
    const sent = await runToChain(taskId);

    expect(await allowanceOnChain(dex)).toBe(0n);
    expect(await allowanceOnChain(bridge)).toBe(maxUint256);
    await scanToTip();
    const after = await approvals();
    expect(after.data.list.map((a) => a.spender)).toEqual([bridge]);
    const row = await t.ctx.db
      .selectFrom('token_approvals')
      .select('tx_hash')
      .where('spender', '=', dex)
      .executeTakeFirstOrThrow();
    // The cancellation's own Approval event (value 0) is now the latest one seen.
    expect(row.tx_hash).toBe(sent.txHash);
  });

  it('lets only one of two racing cancellations of the same approval through', async () => {
    const [a, b] = await Promise.all([cancel({ spender: bridge }), cancel({ spender: bridge })]);
    expect([a.code, b.code].sort()).toEqual(['DAPP_APPROVE_CANCEL_DUPLICATE_ERROR', 'OK']);
    // Revoked before anyone signed: its Safe nonce is free again for the next task.
    const winner = a.code === 'OK' ? a : b;
    const revoked = await operator().client.post('/api/v1/task/revoke', { task_id: winner.data.task_id });
    expect(revoked.code, revoked.raw).toBe('OK');
    expect((await approvals()).data.list.find((x) => x.spender === bridge)?.status).toBe('approve');
  });
});

/** Approval by the wallet's approver, both owners' signatures, broadcast and the watcher. */
const runToChain = (taskId: number) =>
  executeByApi(t, space.admin, taskId, {
    approvers: [signer()],
    signers: [
      [space.admin, 23],
      [signer(), 24],
    ],
  });

async function taskCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('granting an approval', () => {
  const vault = getAddress('0x00000000000000000000000000000000000a0e03');
  const grant = (body: object, who: Person = operator()) =>
    who.client.post<{ task_id: number; type: number; to: string; dapp: unknown }>(
      '/api/v1/wallets/dapp/approve',
      {
        wallet_id: safe.walletId,
        token: safe.usdt,
        spender: vault,
        ...body,
      },
    );

  it('needs Dapps on in the space and the wallet, and a positive amount', async () => {
    expect((await grant({ amount: '40' })).code).toBe('DAPP_SPACE_UNSUPPORTED_ERROR');
    expect((await space.admin.client.put('/api/v1/organization/settings', { enable_dapp: true })).code).toBe(
      'OK',
    );
    expect((await grant({ amount: '40' })).code).toBe('DAPP_WALLET_UNSUPPORTED_ERROR');
    const switched = await space.admin.client.post('/api/v1/wallets/dapp', {
      wallet_id: safe.walletId,
      open: true,
    });
    expect(switched.code).toBe('OK');
    expect((await grant({ amount: '0' })).code).toBe('TRANSFER_VOLUME_ZERO_ERROR');
    expect((await grant({ amount: '1e6' })).code).toBe('TASK_AMOUNT_INVALID_ERROR');
    expect((await grant({ amount: '40' }, viewer())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
  });

  it('sets the allowance on chain through the lifecycle; one approval task per spender at a time', async () => {
    const created = await grant({ amount: '40' });
    expect(created.code, created.raw).toBe('OK');
    expect(created.data).toMatchObject({
      type: 6,
      to: vault,
      dapp: { action: 'approve', spender: vault, symbol: 'USDT', amount: '40' },
    });
    expect((await grant({ amount: 'unlimited' })).code).toBe('DAPP_APPROVAL_PENDING_ERROR');
    const info = await signer().client.get<{ safe_tx: Record<string, unknown> }>('/api/v1/task/info', {
      task_id: created.data.task_id,
    });
    expect(info.data.safe_tx).toMatchObject({ kind: 'erc20_approve', recipient: vault, amount: '40' });
    await runToChain(created.data.task_id);
    expect(await allowanceOnChain(vault)).toBe(40_000_000n);
    await scanToTip();
    const listed = (await approvals()).data.list.find((a) => a.spender === vault);
    expect(listed).toMatchObject({ allowance: '40', unlimited: false, status: 'approve' });
  });
});
