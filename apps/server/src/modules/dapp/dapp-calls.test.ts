// A Dapp's calls (§1 Dapp connector; §4 "whitelist and Dapp cannot both be on"; §7 POST
// /wallets/dapp, /dapp/parse, /task/dapp-create, GET /task/dapp; §8 Dapp errors) on a Safe of the
// Hardhat devnet: the switches, every refusal, the calls decoded and run from the Safe, then a
// two-call batch carried through signatures and broadcast, its effects read from the token.
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  parseEther,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DappParse, DappTaskInfo } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  executeByApi,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let node: ReturnType<typeof createPublicClient>;
const operator = () => space.members[0]!;
const signer = () => space.members[1]!;
const viewer = () => space.members[2]!;
const payee = privateKeyToAccount(generatePrivateKey()).address;
const router = getAddress('0x00000000000000000000000000000000000d0e11');
const swapApp = { name: 'Devnet Swap', url: 'https://swap.example' };

const usdtCall = (functionName: 'transfer' | 'approve', to: Address, amount: bigint) => ({
  to: safe.usdt,
  data: encodeFunctionData({ abi: erc20Abi, functionName, args: [to, amount] }),
});
const create = (body: object, who: Person = operator()) =>
  who.client.post<{ task_id: number; type: number; status: number; dapp: unknown }>(
    '/api/v1/task/dapp-create',
    { wallet_id: safe.walletId, dapp: swapApp, ...body },
  );
const walletSwitch = (path: string, open: boolean, who: Person = space.admin) =>
  who.client[path === '/api/v1/wallets/dapp' ? 'post' : 'put']<{ open: boolean }>(path, {
    wallet_id: safe.walletId,
    open,
  });
const spaceDapps = (open: boolean) =>
  space.admin.client.put('/api/v1/organization/settings', { enable_dapp: open });
async function taskCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  space = await transferSpace(t, 3, 'Dapp desk');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: 25 },
      { who: signer(), key: 26 },
    ],
    threshold: 2,
    operators: [operator()],
    viewers: [viewer()],
    deployFrom: 15,
    usdt: '500',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("a Safe App's reads of the chain (rpcCall)", () => {
  const rpc = (method: string, params: unknown[], who: Person = operator(), walletId = safe.walletId) =>
    who.client.post<{ result: unknown }>('/api/v1/dapp/rpc', { wallet_id: walletId, method, params });

  it("pass reads to the wallet's node and answer what the node answers", async () => {
    const safeAddress = safe.address as Address;
    const balance = await rpc('eth_getBalance', [safe.address, 'latest']);
    expect(balance.code).toBe('OK');
    expect(BigInt(balance.data.result as string)).toBe(await node.getBalance({ address: safeAddress }));
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [safeAddress] });
    const call = await rpc('eth_call', [{ to: safe.usdt, data }, 'latest']);
    const held = await node.readContract({
      address: safe.usdt as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [safeAddress],
    });
    expect(BigInt(call.data.result as string)).toBe(held);
    expect((await rpc('eth_chainId', [])).data.result).toBe(`0x${(await node.getChainId()).toString(16)}`);
  });

  it('refuse anything that is not a read, a reverting call and other spaces', async () => {
    const raw = '0x02f8';
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'debug_traceCall'])
      expect((await rpc(method, [raw])).code).toBe('PARAMS_INVALID_ERROR');
    expect((await rpc('eth_call', [1, 2, 3, 4, 5])).code).toBe('PARAMS_INVALID_ERROR');
    // USDT the Safe does not hold: the token reverts.
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [payee, maxUint256],
    });
    const reverted = await rpc('eth_call', [{ from: safe.address, to: safe.usdt, data: transfer }, 'latest']);
    expect(reverted.code).toBe('WS_EVM_CONTRACT_CALL_ERROR');
    // A viewer of the wallet may read (reading the chain changes nothing); an outsider learns nothing.
    expect((await rpc('eth_blockNumber', [], viewer())).code).toBe('OK');
    const outsider = await person(t, { mfa: true, prefix: 'reader' });
    await createSpace(outsider, 'Far away');
    expect((await rpc('eth_blockNumber', [], outsider)).code).toBe('WALLET_NOT_FOUND_ERROR');
  });
});

describe("a wallet's Dapp switch", () => {
  it('is for admins, and never on together with the whitelist', async () => {
    expect((await walletSwitch('/api/v1/wallets/dapp', true, operator())).code).toBe(
      'PERMISSION_WALLET_UPDATE_ERROR',
    );
    expect((await walletSwitch('/api/v1/wallets/open-whitelist', true)).code).toBe('OK');
    expect((await walletSwitch('/api/v1/wallets/dapp', true)).code).toBe('DAPP_WHITELIST_CONFLICT_ERROR');
    expect((await walletSwitch('/api/v1/wallets/open-whitelist', false)).code).toBe('OK');
    expect((await walletSwitch('/api/v1/wallets/dapp', true)).code).toBe('OK');
    expect((await walletSwitch('/api/v1/wallets/open-whitelist', true)).code).toBe(
      'DAPP_WHITELIST_CONFLICT_ERROR',
    );
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('operation', 'like', 'dapp_on_%')
      .execute();
    expect(audited.map((a) => a.operation)).toEqual(['dapp_on_on']);
  });
});

describe("a Dapp's calls", () => {
  it('are decoded from their bytes, tokens named, each run alone from the Safe', async () => {
    const calls = [
      usdtCall('transfer', payee, 12_500_000n),
      usdtCall('approve', router, maxUint256),
      { to: payee, value: parseEther('0.1').toString() },
      usdtCall('transfer', payee, 10_000_000_000n),
      { to: safe.usdt, data: '0x40c10f19' + '00'.repeat(64) },
    ];
    const parsed = await operator().client.post<DappParse>('/api/v1/dapp/parse', {
      wallet_id: safe.walletId,
      calls,
    });
    expect(parsed.code, parsed.raw).toBe('OK');
    expect(parsed.data.native_symbol).toBe('ETH');
    const shown = parsed.data.calls.map((c) => [
      c.kind,
      c.method,
      c.is_contract,
      c.token_symbol,
      c.recipient,
      c.amount,
      c.value,
      c.simulation_error,
    ]);
    expect(shown).toEqual([
      ['erc20_transfer', 'transfer(address,uint256)', true, 'USDT', payee, '12.5', '0', null],
      ['erc20_approve', 'approve(address,uint256)', true, 'USDT', router, expect.any(String), '0', null],
      ['native', null, false, null, payee, null, '0.1', null],
      [
        'erc20_transfer',
        'transfer(address,uint256)',
        true,
        'USDT',
        payee,
        '10000',
        '0',
        'insufficient balance',
      ],
      // mint(address,uint256) to the zero address: a method this platform does not name, reverting.
      ['contract_call', '0x40c10f19', true, null, null, null, '0', 'mint to zero address'],
    ]);
  });

  it('are refused where the space or wallet has Dapps off, to an ordinary account, above the balance, or by a viewer', async () => {
    const before = await taskCount();
    const good = [usdtCall('transfer', payee, 1n)];
    expect((await create({ calls: good })).code).toBe('DAPP_SPACE_UNSUPPORTED_ERROR');
    expect((await spaceDapps(true)).code).toBe('OK');
    expect((await walletSwitch('/api/v1/wallets/dapp', false)).code).toBe('OK');
    expect((await create({ calls: good })).code).toBe('DAPP_WALLET_UNSUPPORTED_ERROR');
    expect((await walletSwitch('/api/v1/wallets/dapp', true)).code).toBe('OK');
    expect((await create({ calls: [{ to: payee, data: '0x12345678' }] })).code).toBe('DAPP_TARGET_EOA_ERROR');
    expect((await create({ calls: [{ to: payee, value: parseEther('50').toString() }] })).code).toBe(
      'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
    );
    expect((await create({ calls: Array.from({ length: 51 }, () => good[0]) })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect((await create({ calls: [{ to: payee, data: '0xzz' }] })).code).toBe('PARAMS_INVALID_ERROR');
    expect((await create({ calls: good, dapp: { name: 'x', url: 'javascript:alert(1)' } })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect((await create({ calls: good }, viewer())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    expect(await taskCount()).toBe(before);
  });

  it('run as one Safe transaction through signatures and broadcast; the Dapp reads the result', async () => {
    const calls = [usdtCall('transfer', payee, 12_500_000n), usdtCall('approve', router, 77n)];
    const estimate = await operator().client.post<{ gas_limit: string; unit: string }>(
      '/api/v1/fee/dapp-estimate',
      {
        wallet_id: safe.walletId,
        calls,
      },
    );
    expect(estimate.code, estimate.raw).toBe('OK');
    const created = await create({ calls });
    expect(created.code, created.raw).toBe('OK');
    const taskId = created.data.task_id;
    expect(created.data).toMatchObject({
      type: 6,
      status: 3,
      dapp: { action: 'calls', name: swapApp.name, url: swapApp.url, call_count: 2 },
    });
    const info = await signer().client.get<{ safe_tx: { kind: string; calls: unknown[] } }>(
      '/api/v1/task/info',
      {
        task_id: taskId,
      },
    );
    expect(info.data.safe_tx).toMatchObject({
      kind: 'multi_send',
      calls: [
        { kind: 'erc20_transfer', recipient: payee, amount: '12.5', token_symbol: 'USDT' },
        { kind: 'erc20_approve', recipient: router, amount: '0.000077', token_symbol: 'USDT' },
      ],
    });
    const outsider = await person(t, { mfa: true, prefix: 'outsider' });
    await createSpace(outsider, 'Elsewhere');
    expect((await outsider.client.get('/api/v1/task/dapp', { task_id: taskId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );

    const sent = await executeByApi(t, space.admin, taskId, {
      signers: [
        [space.admin, 25],
        [signer(), 26],
      ],
    });
    // The estimate against what the execution used (printed; the per-call figures are ours).
    const ratio = Number(estimate.data.gas_limit) / Number(sent.gasUsed);
    console.warn(
      `Dapp batch of 2: gas used ${sent.gasUsed}, estimated ${estimate.data.gas_limit} (${ratio.toFixed(2)}×)`,
    );
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(2);

    const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
      node.readContract({ address: safe.usdt as Address, abi: erc20Abi, functionName, args } as never);
    expect(await read('balanceOf', [payee])).toBe(12_500_000n);
    expect(await read('allowance', [safe.address as Address, router])).toBe(77n);
    const result = await operator().client.get<DappTaskInfo>('/api/v1/task/dapp', { task_id: taskId });
    expect(result.code, result.raw).toBe('OK');
    expect(result.data).toMatchObject({ task_id: taskId, dapp: swapApp, tx_hash: sent.txHash });
    expect([1, 6]).toContain(result.data.status);
    expect(result.data.calls.map((c) => c.method)).toEqual([
      'transfer(address,uint256)',
      'approve(address,uint256)',
    ]);
  });
});
