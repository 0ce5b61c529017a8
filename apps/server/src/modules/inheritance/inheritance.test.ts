// Family inheritance (§4 actions, §9 inactivity) on the devnet: a wallet owner names an heir; the
// heir denies, the heir is changed, the new heir accepts with a verified address; an admin enables
// recovery with that address; the watcher (clock injected) reminds at 30 days, not at 29, and
// opens the succession at 90; the heir applies with an e-mail code (refused at 89 days), then
// queues the owner swap and runs it after the on-chain delay: the heir's key is an owner.
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InheritanceInfo, RecoveryInfo, RecoveryTx } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { freshCode, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  executeByApi,
  keyAddress,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';
import { watchInheritance } from './inheritance-watch';

/** Devnet account that deploys this file's Safe (no other file sends from it). */
const DEPLOY_FROM = 12;
const [TESTATOR_KEY, OWNER_KEY] = [27, 28];
const DAY = 86_400_000;
const safeAbi = parseAbi(['function getOwners() view returns (address[])']);

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let node: ReturnType<typeof createPublicClient>;
const heirKey = generatePrivateKey();
const heirAccount = privateKeyToAccount(heirKey);
const testator = () => space.admin;
const coOwner = () => space.members[0]!;
const firstHeir = () => space.members[1]!;
const heir = () => space.members[2]!;

const act = (who: Person, body: object) =>
  who.client.post<InheritanceInfo>('/api/v1/wallets/inheritance', { wallet_id: safe.walletId, ...body });
const read = (who: Person = testator()) =>
  who.client.get<InheritanceInfo>('/api/v1/wallets/inheritance', { wallet_id: safe.walletId });
const titles = async (who: Person, title: string) =>
  (
    await t.ctx.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', who.userId)
      .where('title', '=', title)
      .execute()
  ).length;
/** The testator's last sign-in moved to `at` (every session), as the inactivity rules read it. */
const lastSeenAt = (at: Date) =>
  t.ctx.db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('user_id', '=', testator().userId)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  space = await transferSpace(t, 3, 'Family');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: testator(), key: TESTATOR_KEY },
      { who: coOwner(), key: OWNER_KEY },
    ],
    threshold: 2,
    operators: [testator()],
    deployFrom: DEPLOY_FROM,
  });
  await verifiedSigner(heir(), heirKey, 'Heir key');
  expect(
    (await space.admin.client.post('/api/v1/dev/faucet', { address: heirAccount.address, eth: '1' })).code,
  ).toBe('OK');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('naming an heir', () => {
  it('is for family spaces, by an owner of the wallet, naming another member', async () => {
    expect((await act(testator(), { action: 'open', heir_user_id: heir().userId })).code).toBe(
      'FEATURE_NOT_SUPPORTED_ERROR',
    );
    await t.ctx.db.updateTable('organizations').set({ kind: 2 }).where('id', '=', space.spaceId).execute();
    expect((await act(heir(), { action: 'open', heir_user_id: heir().userId })).code).toBe(
      'WALLET_NOT_FOUND_ERROR',
    );
    expect((await act(testator(), { action: 'open', heir_user_id: testator().userId })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect((await act(testator(), { action: 'open' })).code).toBe('PARAMS_REQUIRED_ERROR');
    const opened = await act(testator(), { action: 'open', heir_user_id: firstHeir().userId });
    expect(opened.code, opened.raw).toBe('OK');
    expect(opened.data.plan).toMatchObject({ status: 'open', heir: { user_id: firstHeir().userId } });
    expect((await act(testator(), { action: 'add_inheritor', heir_user_id: heir().userId })).code).toBe(
      'INHERITANCE_STATE_ERROR',
    );
    expect(await titles(firstHeir(), 'You are named heir')).toBe(1);
  });

  it('the heir denies; the owner changes the heir; the new heir accepts with a verified address of their own', async () => {
    expect((await act(heir(), { action: 'accept', heir_address: heirAccount.address })).code).toBe(
      'WALLET_NOT_FOUND_ERROR',
    );
    const denied = await act(firstHeir(), { action: 'deny' });
    expect(denied.code, denied.raw).toBe('OK');
    expect(denied.data.plan?.status).toBe('denied');
    expect((await act(coOwner(), { action: 'change_inheritor', heir_user_id: heir().userId })).code).toBe(
      'PERMISSION_WALLET_OPERATE_ERROR',
    );
    const changed = await act(testator(), { action: 'change_inheritor', heir_user_id: heir().userId });
    expect(changed.data.plan).toMatchObject({
      status: 'open',
      heir: { user_id: heir().userId },
      heir_address: null,
    });
    expect((await act(heir(), { action: 'accept', heir_address: keyAddress(OWNER_KEY) })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    // The heir answers on their paired phone: it lists the nomination, may accept or deny it, and
    // nothing else of the plan.
    const phone = t.client({ ip: '10.9.9.9' });
    phone.spaceId = space.spaceId;
    const pairing = await heir().client.post<{ code: string }>('/api/v1/mobile/pairing');
    expect((await phone.post('/api/v1/mobile/pair', { code: pairing.data.code })).code).toBe('OK');
    const listed = await phone.get<{
      list: Array<{ wallet_id: number; status: string; testator_nickname: string }>;
    }>('/api/v1/mobile/inheritance');
    expect(listed.data.list).toEqual([expect.objectContaining({ wallet_id: safe.walletId, status: 'open' })]);
    expect(listed.data.list[0]!.testator_nickname).not.toBe('');
    expect(listed.data.list[0]).toMatchObject({ chain: expect.stringMatching(/Devnet/) });
    const fromPhone = (body: object) =>
      phone.post<InheritanceInfo>('/api/v1/wallets/inheritance', { wallet_id: safe.walletId, ...body });
    expect((await fromPhone({ action: 'apply', email_code: '123456' })).code).toBe(
      'PHONE_SESSION_SCOPE_ERROR',
    );
    expect((await fromPhone({ action: 'close' })).code).toBe('PHONE_SESSION_SCOPE_ERROR');
    const accepted = await fromPhone({ action: 'accept', heir_address: heirAccount.address });
    expect(accepted.code, accepted.raw).toBe('OK');
    expect(accepted.data).toMatchObject({
      plan: { status: 'accepted', heir_address: heirAccount.address, succession_open: false },
      you: { is_heir: true, is_testator: false },
    });
    expect(await titles(coOwner(), 'Inheritance accepted')).toBe(1);
  });

  it("an admin enables recovery with the heir's address; the heir cannot queue before the succession", async () => {
    const enable = await testator().client.post<{ task_id: number }>('/api/v1/wallets/recovery/enable', {
      wallet_id: safe.walletId,
      recoverer_address: heirAccount.address,
      cooldown_hours: 48,
    });
    expect(enable.code, enable.raw).toBe('OK');
    await executeByApi(t, testator(), enable.data.task_id, {
      signers: [
        [testator(), TESTATOR_KEY],
        [coOwner(), OWNER_KEY],
      ],
    });
    const recovery = await heir().client.post<RecoveryInfo>('/api/v1/wallets/recovery/sync', {
      wallet_id: safe.walletId,
    });
    expect(recovery.data.state).toBe('enabled');
    const queue = await heir().client.post('/api/v1/wallets/recovery/queue', {
      wallet_id: safe.walletId,
      lost_owner: keyAddress(TESTATOR_KEY),
      new_owner: heirAccount.address,
    });
    expect(queue.code).toBe('INHERITANCE_STATE_ERROR');
  });
});

describe('the succession', () => {
  const since = new Date(Date.now() - 10 * DAY);

  it('reminds the owner at 30 days without sign-in (not at 29, once) and opens at 90', async () => {
    await lastSeenAt(since);
    await watchInheritance(t.ctx, since.getTime() + 29 * DAY + 3_600_000);
    expect(await titles(testator(), 'You have not signed in for a while')).toBe(0);
    await watchInheritance(t.ctx, since.getTime() + 30 * DAY);
    await watchInheritance(t.ctx, since.getTime() + 31 * DAY);
    expect(await titles(testator(), 'You have not signed in for a while')).toBe(1);
    await watchInheritance(t.ctx, since.getTime() + 89 * DAY + 3_600_000);
    expect(await titles(heir(), 'Succession open')).toBe(0);
    await watchInheritance(t.ctx, since.getTime() + 90 * DAY);
    expect(await titles(heir(), 'Succession open')).toBe(1);
    expect(await titles(coOwner(), 'Succession open')).toBe(1);
  });

  it('the heir applies with an e-mail code, refused at 89 days, accepted at 90', async () => {
    await lastSeenAt(new Date(Date.now() - 89 * DAY));
    expect((await read(coOwner())).data.plan).toMatchObject({
      testator_inactive_days: 89,
      succession_open: false,
    });
    const early = await act(heir(), { action: 'apply', email_code: '123456' });
    expect(early.code).toBe('INHERITANCE_NOT_YET_ERROR');
    expect(early.message).toContain('90');
    await lastSeenAt(new Date(Date.now() - 90 * DAY - 60_000));
    expect((await act(heir(), { action: 'apply' })).code).toBe('PARAMS_REQUIRED_ERROR');
    // Only the heir applies (the testator, away this long, has no live session anyway).
    expect((await act(coOwner(), { action: 'apply', email_code: '123456' })).code).toBe(
      'PERMISSION_WALLET_OPERATE_ERROR',
    );
    const code = await freshCode(t, heir(), 'family_succession');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await act(heir(), { action: 'apply', email_code: wrong })).code).toBe(
      'AUTHENTICATION_CODE_ERROR',
    );
    const applied = await act(heir(), { action: 'apply', email_code: code });
    expect(applied.code, applied.raw).toBe('OK');
    expect(applied.data.plan).toMatchObject({ status: 'applied', succession_open: true });
    expect(applied.data.plan!.testator_inactive_days).toBeGreaterThanOrEqual(90);
    expect(await titles(coOwner(), 'Succession applied')).toBe(1);
  });

  it("is executed on chain: the heir queues the swap, it runs after the delay, the heir's key is an owner", async () => {
    const queue = await heir().client.post<RecoveryTx>('/api/v1/wallets/recovery/queue', {
      wallet_id: safe.walletId,
      lost_owner: keyAddress(TESTATOR_KEY),
      new_owner: heirAccount.address,
    });
    expect(queue.code, queue.raw).toBe('OK');
    await send(queue.data);
    const pending = await heir().client.post<RecoveryInfo>('/api/v1/wallets/recovery/sync', {
      wallet_id: safe.walletId,
    });
    expect(pending.data.state).toBe('pending_restore');
    await node.request({ method: 'evm_increaseTime' as never, params: [48 * 3600 + 60] as never });
    await node.request({ method: 'evm_mine' as never, params: [] as never });
    const run = await heir().client.post<RecoveryTx>('/api/v1/wallets/recovery/execute', {
      wallet_id: safe.walletId,
    });
    expect(run.code, run.raw).toBe('OK');
    await send(run.data);
    const owners = (
      await node.readContract({ address: safe.address as Address, abi: safeAbi, functionName: 'getOwners' })
    ).map((o) => getAddress(o));
    expect(owners).toContain(heirAccount.address);
    expect(owners).not.toContain(getAddress(keyAddress(TESTATOR_KEY)));
  });
});

async function send(tx: { to: string; data: string }) {
  const wallet = createWalletClient({ chain: hardhat, transport: http(inject('devnet')!.rpcUrl) });
  const hash = await wallet.sendTransaction({
    account: heirAccount,
    to: tx.to as Address,
    data: tx.data as Hex,
    chain: hardhat,
  });
  const receipt = await node.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}
