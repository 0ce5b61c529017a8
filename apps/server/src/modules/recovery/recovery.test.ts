// Emergency recovery of a Safe (§1, §4 states) on the Hardhat devnet: admins allow it by a
// wallet task that enables the delay module; the recoverer queues an owner swap from their own
// wallet; a pending recovery blocks the wallet's other tasks; the owners veto it by a wallet task;
// a second one runs after the delay (evm_increaseTime) and the new owner is an owner on chain and
// a signer of the wallet. The chain is read with viem and an ABI written here from the delay
// module's published interface (Zodiac Delay), not with the platform's builders.
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RecoveryInfo, RecoveryTx } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  executeByApi,
  keyAddress,
  signatureFor,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';
import { watchRecoveries } from './recovery-watch';

/** Devnet account that deploys this file's Safe (no other file sends from it). */
const DEPLOY_FROM = 11;
const [OWNER_A, OWNER_B] = [25, 26];
const DAY = 86_400;

const safeAbi = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function isModuleEnabled(address) view returns (bool)',
]);
const delayAbi = parseAbi([
  'function txNonce() view returns (uint256)',
  'function queueNonce() view returns (uint256)',
  'function txCooldown() view returns (uint256)',
  'function isModuleEnabled(address) view returns (bool)',
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation) returns (bool)',
  'function executeNextTx(address to, uint256 value, bytes data, uint8 operation)',
]);
const swapOwnerAbi = parseAbi(['function swapOwner(address prevOwner, address oldOwner, address newOwner)']);

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let node: ReturnType<typeof createPublicClient>;
const recovererKey = generatePrivateKey();
const recoverer = privateKeyToAccount(recovererKey);
const newOwnerKey = generatePrivateKey();
const newOwner = privateKeyToAccount(newOwnerKey);
const operator = () => space.members[0]!;
const ownerB = () => space.members[1]!;
/** The member who holds the recoverer key and the new owner key (a family member, say). */
const heir = () => space.members[2]!;

const info = (who: Person = space.admin) =>
  who.client.get<RecoveryInfo>('/api/v1/wallets/recovery', { wallet_id: safe.walletId });
const sync = async (who: Person = space.admin) => {
  const reply = await who.client.post<RecoveryInfo>('/api/v1/wallets/recovery/sync', {
    wallet_id: safe.walletId,
  });
  expect(reply.code, reply.raw).toBe('OK');
  return reply.data;
};
const post = <T = { task_id: number; type: number; dapp: unknown }>(
  path: string,
  body: object,
  who: Person,
) => who.client.post<T>(`/api/v1/wallets/recovery/${path}`, { wallet_id: safe.walletId, ...body });
const rpc = (method: string, params: unknown[] = []) =>
  node.request({ method: method as never, params: params as never });
const owners = async () =>
  (
    await node.readContract({ address: safe.address as Address, abi: safeAbi, functionName: 'getOwners' })
  ).map((o) => getAddress(o));

/** The recoverer's own wallet sends a transaction (the server holds no key). */
async function sendAs(key: Hex, tx: { to: string; data: string }) {
  const wallet = createWalletClient({ chain: hardhat, transport: http(inject('devnet')!.rpcUrl) });
  const hash = await wallet.sendTransaction({
    account: privateKeyToAccount(key),
    to: tx.to as Address,
    data: tx.data as Hex,
    chain: hardhat,
  });
  return node.waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

/** A wallet task run by the owners: both signatures, broadcast, the watcher. */
const runToChain = (taskId: number) =>
  executeByApi(t, space.admin, taskId, {
    signers: [
      [space.admin, OWNER_A],
      [ownerB(), OWNER_B],
    ],
  });

async function notificationsOf(who: Person) {
  const rows = await t.ctx.db
    .selectFrom('notifications')
    .select('title')
    .where('user_id', '=', who.userId)
    .where('title', 'like', 'Emergency recovery%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.title);
}

beforeAll(async () => {
  t = await createTestApp();
  node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  space = await transferSpace(t, 3, 'Family office');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: OWNER_A },
      { who: ownerB(), key: OWNER_B },
    ],
    threshold: 2,
    operators: [operator()],
    deployFrom: DEPLOY_FROM,
  });
  await verifiedSigner(heir(), recovererKey, 'Recovery key');
  await verifiedSigner(heir(), newOwnerKey, 'New phone');
  const funded = await space.admin.client.post('/api/v1/dev/faucet', {
    address: recoverer.address,
    eth: '1',
  });
  expect(funded.code).toBe('OK');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('allowing recovery', () => {
  it('starts not enabled; a member of another space learns nothing of the wallet', async () => {
    const reply = await info();
    expect(reply.code, reply.raw).toBe('OK');
    expect(reply.data).toMatchObject({
      available: true,
      state: 'not_enabled',
      signature: 'signature_enabled',
      recoverer: null,
      queued: [],
      you: { is_recoverer: false, can_manage: true, can_cancel: true },
    });
    const outsider = await person(t, { mfa: true, prefix: 'outsider' });
    await createSpace(outsider, 'Elsewhere');
    const read = await outsider.client.get('/api/v1/wallets/recovery', { wallet_id: safe.walletId });
    expect(read.code).toBe('WALLET_NOT_FOUND_ERROR');
    const enable = await post(
      'enable',
      { recoverer_address: recoverer.address, cooldown_hours: 24 },
      outsider,
    );
    expect(enable.code).toBe('WALLET_NOT_FOUND_ERROR');
  });

  it('is for admins, with a recoverer that is not an owner and a delay of at least a day', async () => {
    const body = { recoverer_address: recoverer.address, cooldown_hours: 48 };
    expect((await post('enable', body, operator())).code).toBe('PERMISSION_WALLET_UPDATE_ERROR');
    expect((await post('enable', body, heir())).code).toBe('WALLET_NOT_FOUND_ERROR');
    const owner = { ...body, recoverer_address: keyAddress(OWNER_B) };
    expect((await post('enable', owner, space.admin)).code).toBe('PARAMS_INVALID_ERROR');
    const short = await post('enable', { ...body, cooldown_hours: 23 }, space.admin);
    expect(short.code).toBe('PARAMS_INVALID_ERROR');
    expect((await post('enable', { ...body, recoverer_address: '0x12' }, space.admin)).code).toBe(
      'CHAIN_ADDRESS_INVALID_ERROR',
    );
    expect((await info()).data.state).toBe('not_enabled');
  });

  it('creates one wallet task (type 6) that the owners sign; on chain the module is enabled', async () => {
    const created = await post(
      'enable',
      { recoverer_address: recoverer.address, cooldown_hours: 48 },
      space.admin,
    );
    expect(created.code, created.raw).toBe('OK');
    expect(created.data).toMatchObject({
      type: 6,
      dapp: {
        action: 'recovery_enable',
        recoverer: recoverer.address,
        cooldown_hours: 48,
        expiration_hours: 0,
      },
    });
    const again = await post(
      'enable',
      { recoverer_address: recoverer.address, cooldown_hours: 48 },
      space.admin,
    );
    expect(again.code).toBe('WALLET_RECOVERY_STATE_ERROR');
    const pending = (await info()).data;
    expect(pending).toMatchObject({ state: 'allowed_by_admin', enable_task_id: created.data.task_id });
    expect(pending.recoverer).toMatchObject({ address: recoverer.address, user_id: heir().userId });

    await runToChain(created.data.task_id);
    const enabled = await sync();
    expect(enabled).toMatchObject({ state: 'enabled', cooldown_hours: 48, enable_task_id: null });
    const delay = enabled.delay_address as Address;
    expect(
      await node.readContract({
        address: safe.address as Address,
        abi: safeAbi,
        functionName: 'isModuleEnabled',
        args: [delay],
      }),
    ).toBe(true);
    expect(
      await node.readContract({
        address: delay,
        abi: delayAbi,
        functionName: 'isModuleEnabled',
        args: [recoverer.address],
      }),
    ).toBe(true);
    expect(await node.readContract({ address: delay, abi: delayAbi, functionName: 'txCooldown' })).toBe(
      BigInt(48 * 3600),
    );
    expect(await notificationsOf(ownerB())).toEqual(['Emergency recovery enabled']);
    expect(await notificationsOf(heir())).toEqual(['Emergency recovery enabled']);
    // The recoverer sees the recovery of a wallet they hold no role on; nothing else of it.
    const asHeir = await info(heir());
    expect(asHeir.data.you).toMatchObject({ is_recoverer: true, can_manage: false, can_cancel: false });
    expect((await heir().client.get('/api/v1/wallets/dapp', { wallet_id: safe.walletId })).code).toBe(
      'WALLET_NOT_FOUND_ERROR',
    );
  });
});

describe('a recovery the owners veto', () => {
  let earlierTransfer: number;

  it('leaves transfers created before it alone until it is queued', async () => {
    const created = await operator().client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: keyAddress(5),
      amount: '1',
      token: safe.usdt,
    });
    expect(created.code, created.raw).toBe('OK');
    earlierTransfer = created.data.task_id;
  });

  it('is queued only by the recoverer, replacing an owner by a verified key of a member', async () => {
    const body = { lost_owner: keyAddress(OWNER_A), new_owner: newOwner.address };
    expect((await post('queue', body, operator())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    expect((await post('queue', { ...body, lost_owner: newOwner.address }, heir())).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect((await post('queue', { ...body, new_owner: keyAddress(OWNER_B) }, heir())).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect((await post('queue', { ...body, new_owner: stranger }, heir())).code).toBe(
      'SIGNER_NOT_IN_ORG_ERROR',
    );

    const tx = await post<RecoveryTx>('queue', body, heir());
    expect(tx.code, tx.raw).toBe('OK');
    expect(tx.data).toMatchObject({ chain_id: 31337, from: recoverer.address, value: '0' });
    expect((await sendAs(recovererKey, tx.data)).status).toBe('success');

    const pending = await sync(heir());
    expect(pending).toMatchObject({ state: 'pending_restore', signature: 'signature_disabled' });
    expect(pending.queued).toHaveLength(1);
    expect(pending.queued[0]).toMatchObject({
      queue_nonce: 0,
      lost_owner: keyAddress(OWNER_A),
      new_owner: newOwner.address,
    });
    const wait = Date.parse(pending.queued[0]!.executable_at) - Date.parse(pending.queued[0]!.queued_at);
    expect(wait).toBe(48 * 3600 * 1000);
    expect(await notificationsOf(ownerB())).toEqual([
      'Emergency recovery enabled',
      'Emergency recovery queued',
    ]);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', '=', 'Emergency recovery queued')
      .execute();
    expect(mail.length).toBeGreaterThanOrEqual(3);
  });

  it('blocks the wallet meanwhile: no transfer, and no run before the delay (the module refuses too)', async () => {
    const transfer = await operator().client.post('/api/v1/task', {
      wallet_id: safe.walletId,
      to: keyAddress(5),
      amount: '1',
      token: safe.usdt,
    });
    expect(transfer.code, transfer.raw).toBe('WALLET_RECOVERY_PENDING_ERROR');
    // The transfer created before the recovery was queued is not signed meanwhile.
    const signature = await signatureFor(ownerB(), OWNER_B, earlierTransfer);
    const signed = await ownerB().client.post('/api/v1/sign', { task_id: earlierTransfer, signature });
    expect(signed.code).toBe('WALLET_RECOVERY_PENDING_ERROR');
    expect((await post('execute', {}, heir())).code).toBe('WALLET_RECOVERY_DELAY_ERROR');
    const { delay_address, queued } = (await info()).data;
    const q = queued[0]!;
    await expect(
      node.call({
        account: recoverer.address,
        to: delay_address as Address,
        data: encodeFunctionData({
          abi: delayAbi,
          functionName: 'executeNextTx',
          args: [q.to as Address, BigInt(q.value), q.data as Hex, q.operation],
        }),
      }),
    ).rejects.toThrow(/cooldown/i);
  });

  it("is vetoed by the owners' task, which they can sign while it is pending", async () => {
    expect((await post('cancel', {}, heir())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    const veto = await post('cancel', {}, ownerB());
    expect(veto.code, veto.raw).toBe('OK');
    expect(veto.data.dapp).toMatchObject({ action: 'recovery_cancel', queue_nonce: 1 });
    await runToChain(veto.data.task_id);
    const after = await sync();
    // The veto took the Safe nonce the earlier transfer held: that transfer can no longer run.
    const earlier = await operator().client.get<{ status: number }>('/api/v1/task/info', {
      task_id: earlierTransfer,
    });
    expect(earlier.data.status, earlier.raw).not.toBe(2);
    expect(after).toMatchObject({ state: 'enabled', signature: 'signature_enabled', queued: [] });
    expect(await notificationsOf(ownerB())).toContain('Emergency recovery cancelled');
    // Past the delay, the vetoed swap still cannot run.
    await rpc('evm_increaseTime', [3 * DAY]);
    await rpc('evm_mine');
    const q = {
      to: safe.address as Address,
      data: encodeFunctionData({
        abi: swapOwnerAbi,
        functionName: 'swapOwner',
        args: [
          getAddress('0x0000000000000000000000000000000000000001'),
          getAddress(keyAddress(OWNER_A)),
          newOwner.address,
        ],
      }),
    };
    await expect(
      node.call({
        account: recoverer.address,
        to: after.delay_address as Address,
        data: encodeFunctionData({
          abi: delayAbi,
          functionName: 'executeNextTx',
          args: [q.to, 0n, q.data, 0],
        }),
      }),
    ).rejects.toThrow();
    expect(await owners()).toContain(getAddress(keyAddress(OWNER_A)));
  });
});

describe('a recovery that runs after the delay', () => {
  it('is found by the watcher even when queued outside the platform, and runs once the delay is over', async () => {
    const { delay_address } = (await info()).data;
    const current = await owners();
    const index = current.indexOf(getAddress(keyAddress(OWNER_A)));
    const prev = index === 0 ? getAddress('0x0000000000000000000000000000000000000001') : current[index - 1]!;
    // Built here with viem from the module's interface, not by the platform.
    const swap = encodeFunctionData({
      abi: swapOwnerAbi,
      functionName: 'swapOwner',
      args: [prev, getAddress(keyAddress(OWNER_A)), newOwner.address],
    });
    const queue = encodeFunctionData({
      abi: delayAbi,
      functionName: 'execTransactionFromModule',
      args: [safe.address as Address, 0n, swap, 0],
    });
    expect((await sendAs(recovererKey, { to: delay_address!, data: queue })).status).toBe('success');
    await watchRecoveries(t.ctx);
    const pending = (await info()).data;
    expect(pending.state).toBe('pending_restore');
    expect(pending.queued[0]).toMatchObject({ queue_nonce: 1, new_owner: newOwner.address });

    await rpc('evm_increaseTime', [2 * DAY + 60]);
    await rpc('evm_mine');
    const run = await post<RecoveryTx>('execute', {}, heir());
    expect(run.code, run.raw).toBe('OK');
    expect((await sendAs(recovererKey, run.data)).status).toBe('success');
    const after = await sync();
    expect(after).toMatchObject({ state: 'enabled', queued: [] });
    expect(await owners()).toEqual(
      expect.arrayContaining([newOwner.address, getAddress(keyAddress(OWNER_B))]),
    );
    expect(await owners()).not.toContain(getAddress(keyAddress(OWNER_A)));
    expect(
      await node.readContract({
        address: safe.address as Address,
        abi: safeAbi,
        functionName: 'getThreshold',
      }),
    ).toBe(2n);
    expect(after.owners.map((o) => getAddress(o)).sort()).toEqual(
      [newOwner.address, getAddress(keyAddress(OWNER_B))].sort(),
    );
    expect(await notificationsOf(space.admin)).toContain('Emergency recovery executed');
  });

  it('lets the new owner sign: an admin disables recovery, signed by the new key and owner B', async () => {
    const { delay_address } = (await info()).data;
    const disable = await post('disable', {}, space.admin);
    expect(disable.code, disable.raw).toBe('OK');
    expect(disable.data.dapp).toMatchObject({ action: 'recovery_disable', delay: delay_address });
    await executeByApi(t, space.admin, disable.data.task_id, {
      signers: [
        [ownerB(), OWNER_B],
        [heir(), newOwnerKey],
      ],
    });
    const after = await sync();
    expect(after).toMatchObject({ state: 'not_enabled', recoverer: null, delay_address: null });
    const enabled = await node.readContract({
      address: safe.address as Address,
      abi: safeAbi,
      functionName: 'isModuleEnabled',
      args: [delay_address as Address],
    });
    expect(enabled).toBe(false);
    expect(await notificationsOf(ownerB())).toContain('Emergency recovery disabled');
  });
});
