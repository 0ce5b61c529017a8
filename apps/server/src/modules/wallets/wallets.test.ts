import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';

let t: TestApp;
let admin: Person;
let alice: Person;
let bob: Person;
let spaceId: number;
const signerIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { mfa: true, prefix: 'admin' });
  spaceId = await createSpace(admin, 'Wallets');
  // Plus plan: these tests create more wallets than the free plan's three (limits are tested below).
  await t.ctx.db
    .updateTable('organizations')
    .set({ plan: 'plus', plan_expires_at: new Date(Date.now() + 86_400_000) })
    .where('id', '=', spaceId)
    .execute();
  alice = await addMember(t, admin, spaceId, 0);
  bob = await addMember(t, admin, spaceId, 0);
  for (const [who, key] of [
    [admin, 1],
    [alice, 2],
    [bob, 3],
  ] as const)
    signerIds.push((await verifiedSigner(who, devnetKey(key))).id);
});
afterAll(() => t.close());

function multiBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Treasury Safe',
    chain_key: '31337',
    signers: signerIds,
    threshold: 2,
    approvers: [alice.userId, bob.userId],
    approval_threshold: 2,
    operators: [admin.userId],
    viewers: [],
    broadcast_scope: 3,
    ...overrides,
  };
}

describe('multisig wallet wizard rules', () => {
  it.each([
    [{ threshold: 1 }, 'THRESHOLD_MISMATCH_ERROR'],
    [{ threshold: 4 }, 'THRESHOLD_MISMATCH_ERROR'],
    [{ approval_threshold: 3 }, 'WALLET_APPROVE_THRESHOLD_ERROR'],
    [{ operators: [] }, 'WALLET_OPERATOR_REQUIRED_ERROR'],
    [{ viewers: [1, 2, 3, 4, 5, 6] }, 'LIMIT_VIEWERS_ERROR'],
    [{ broadcast_scope: 1 }, 'EVM_MANUAL_BROADCAST_ONLY_ERROR'],
    [{ chain_key: '1' }, 'WALLET_CHAIN_UNSUPPORTED_ERROR'],
    [{ name: '' }, 'PARAMS_REQUIRED_ERROR'],
  ])('refuses %o with %s', async (override, code) => {
    const reply = await admin.client.post('/api/v1/wallets/multi', multiBody(override));
    expect(reply.code).toBe(code);
  });

  it('needs verified signer addresses of joined members', async () => {
    const pending = await admin.client.post<{ id: number }>('/api/v1/permission-address', {
      name: 'Unverified',
      address: privateKeyToAccount(devnetKey(7)).address,
    });
    expect(
      (
        await admin.client.post(
          '/api/v1/wallets/multi',
          multiBody({ signers: [signerIds[0], pending.data.id] }),
        )
      ).code,
    ).toBe('SIGNER_NOT_VERIFIED_ERROR');
    const outsider = await person(t);
    const foreign = await verifiedSigner(outsider, devnetKey(8));
    expect(
      (await admin.client.post('/api/v1/wallets/multi', multiBody({ signers: [signerIds[0], foreign.id] })))
        .code,
    ).toBe('SIGNER_ADDRESS_NOT_FOUND_ERROR');
  });

  it('stops at the plan limit (free: 3 multisig wallets)', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner, 'Small');
    const signer = await verifiedSigner(owner, devnetKey(1), 'Own');
    const second = await verifiedSigner(owner, devnetKey(2), 'Own 2');
    const body = multiBody({
      signers: [signer.id, second.id],
      approvers: [],
      approval_threshold: 0,
      operators: [owner.userId],
    });
    for (let i = 0; i < 3; i += 1)
      expect((await owner.client.post('/api/v1/wallets/multi', body)).code).toBe('OK');
    expect((await owner.client.post('/api/v1/wallets/multi', body)).code).toBe('LIMIT_WALLETS_ERROR');
  });

  it('is for admins only', async () => {
    expect((await alice.client.post('/api/v1/wallets/multi', multiBody())).code).toBe(
      'PERMISSION_CREATE_ERROR',
    );
  });
});

describe('a 2-of-3 Safe from wizard to chain', () => {
  it('is created, deployed by a signer, confirmed from the contract, funded and listed', async () => {
    const created = await admin.client.post<{
      wallet_id: number;
      address: string;
      status: number;
      deployment: { to: string; data: string };
    }>('/api/v1/wallets/multi', multiBody());
    expect(created.code).toBe('OK');
    expect(created.data.status).toBe(3);
    const walletId = created.data.wallet_id;

    // Someone who does not sign for it may not report a deployment.
    const viewerOnly = await addMember(t, admin, spaceId, 0);
    expect(
      (
        await viewerOnly.client.post('/api/v1/wallet-deploy-broadcast-create', {
          wallet_id: walletId,
          tx_hash: `0x${'1'.repeat(64)}`,
        })
      ).code,
    ).toBe('WALLET_NOT_FOUND_ERROR');

    // Alice deploys with the devnet signer (the server relays for devnet test account 2).
    const relayed = await alice.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
      from_index: 2,
      to: created.data.deployment.to,
      data: created.data.deployment.data,
    });
    expect(relayed.code).toBe('OK');
    const txHash = relayed.data.tx_hash;
    expect(
      (
        await alice.client.post('/api/v1/wallet-deploy-broadcast-create', {
          wallet_id: walletId,
          tx_hash: txHash,
        })
      ).code,
    ).toBe('OK');
    expect(
      (
        await bob.client.post('/api/v1/wallet-deploy-broadcast-create', {
          wallet_id: walletId,
          tx_hash: txHash,
        })
      ).code,
    ).toBe('WALLET_INIT_TASK_EXISTS_ERROR');

    expect(await confirmDeployments(t.ctx)).toBe(1);
    const onChain = await t.ctx.chains.walletChain('31337').readSafe(created.data.address);
    expect(Number(onChain!.threshold)).toBe(2);
    const expectedOwners = [1, 2, 3]
      .map((i) => privateKeyToAccount(devnetKey(i)).address.toLowerCase())
      .sort();
    expect(onChain!.owners.map((o) => o.toLowerCase()).sort()).toEqual(expectedOwners);

    const funded = await admin.client.post('/api/v1/dev/faucet', {
      address: created.data.address,
      eth: '2',
      usdt: '1500.25',
    });
    expect(funded.code).toBe('OK');
    await refreshBalances(t.ctx, [walletId]);
    const list = await admin.client.get<{
      list: Array<{ wallet_id: number; status: number; amount: string; threshold: number }>;
      total_amount: string;
    }>('/api/v1/wallets');
    const row = list.data.list.find((w) => w.wallet_id === walletId)!;
    expect(row).toMatchObject({ status: 1, threshold: 2, amount: '7500.25' });
    // The totals are the whole selection's on every page, also past the last one.
    type Page = { list: unknown[]; total: number; total_amount: string };
    const all = await admin.client.get<Page>('/api/v1/wallets');
    const one = await admin.client.get<Page>('/api/v1/wallets', { page: 1, page_size: 1 });
    const past = await admin.client.get<Page>('/api/v1/wallets', { page: 99, page_size: 10 });
    expect([one.data.list.length, past.data.list.length]).toEqual([1, 0]);
    for (const page of [one, past])
      expect([page.data.total, page.data.total_amount]).toEqual([all.data.total, all.data.total_amount]);
    expect(Number(all.data.total_amount)).toBeGreaterThanOrEqual(7500.25);
    const assets = await alice.client.get<{
      detail: Array<{ symbol: string; amount: string; value: string }>;
    }>('/api/v1/wallets/asset-info', { wallet_id: walletId });
    expect(assets.data.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ symbol: 'ETH', amount: '2', value: '6000.00' }),
        expect.objectContaining({ symbol: 'USDT', amount: '1500.25', value: '1500.25' }),
      ]),
    );
    const space = await admin.client.get<{ wallet_count: number; is_operator: boolean }>(
      '/api/v1/organization/base-info',
    );
    expect(space.data.wallet_count).toBeGreaterThan(0);
    expect(space.data.is_operator).toBe(true);
    expect(
      (await alice.client.get<{ is_operator: boolean }>('/api/v1/organization/base-info')).data.is_operator,
    ).toBe(false);
    const tasks = await t.ctx.db
      .selectFrom('tasks')
      .select(['type', 'status'])
      .where('wallet_id', '=', walletId)
      .execute();
    expect(tasks).toEqual([{ type: 3, status: 1 }]);
    const listed = await admin.client.get<{
      list: Array<{ wallet_id: number; type: number; status: number }>;
    }>('/api/v1/transfer/list', { tab: 'all' });
    expect(listed.data.list).toContainEqual(
      expect.objectContaining({ wallet_id: walletId, type: 3, status: 1 }),
    );
  });

  it('accepts the first report of a deployment the watcher already confirmed, and only that one', async () => {
    const created = await admin.client.post<{
      wallet_id: number;
      deployment: { to: string; data: string };
    }>('/api/v1/wallets/multi', multiBody({ name: 'Found first' }));
    const sent = await alice.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
      from_index: 2,
      ...created.data.deployment,
    });
    // The chain shows the Safe before the signer's report arrives.
    expect(await confirmDeployments(t.ctx)).toBe(1);
    const body = { wallet_id: created.data.wallet_id, tx_hash: sent.data.tx_hash };
    const late = await alice.client.post<{ status: number }>('/api/v1/wallet-deploy-broadcast-create', body);
    expect(late).toMatchObject({ code: 'OK', data: { status: 1 } });
    const stored = await t.ctx.db
      .selectFrom('wallets')
      .select(['status', 'deploy_tx_hash'])
      .where('id', '=', created.data.wallet_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 1, deploy_tx_hash: sent.data.tx_hash });
    expect((await bob.client.post('/api/v1/wallet-deploy-broadcast-create', body)).code).toBe(
      'WALLET_INIT_TASK_EXISTS_ERROR',
    );
  });
});

describe('wallet visibility and settings', () => {
  it('a member without a role on a wallet does not see it; another space never does', async () => {
    const created = await admin.client.post<{ wallet_id: number }>(
      '/api/v1/wallets/multi',
      multiBody({ name: 'Private', approvers: [], approval_threshold: 0 }),
    );
    const stranger = await addMember(t, admin, spaceId, 0);
    expect(
      (await stranger.client.get('/api/v1/wallets/base-info', { wallet_id: created.data.wallet_id })).code,
    ).toBe('WALLET_NOT_FOUND_ERROR');
    const list = await stranger.client.get<{ list: unknown[] }>('/api/v1/wallets');
    expect(list.data.list).toEqual([]);
    // Past the last page: no items, but the selection's count and total still come.
    type Page = { list: { wallet_id: number }[]; total: number; total_amount: string };
    const first = await admin.client.get<Page>('/api/v1/wallets', { page: 1, page_size: 10 });
    const beyond = await admin.client.get<Page>('/api/v1/wallets', { page: 99, page_size: 10 });
    expect(first.data.list.map((w) => w.wallet_id)).toContain(created.data.wallet_id);
    expect(beyond.data.list).toEqual([]);
    expect(beyond.data.total).toBe(first.data.total);
    expect(first.data.total).toBeGreaterThan(0);
    expect(beyond.data.total_amount).toBe(first.data.total_amount);
    const other = await person(t, { mfa: true });
    await createSpace(other, 'Other');
    expect(
      (await other.client.get('/api/v1/wallets/base-info', { wallet_id: created.data.wallet_id })).code,
    ).toBe('WALLET_NOT_FOUND_ERROR');
  });

  it('changes roles with their limits, renames, and archives only with the typed name and a code', async () => {
    const created = await admin.client.post<{ wallet_id: number; name: string }>(
      '/api/v1/wallets/multi',
      multiBody({ name: 'Ops' }),
    );
    const walletId = created.data.wallet_id;
    expect(
      (await admin.client.put('/api/v1/wallets/operator', { wallet_id: walletId, user_ids: [] })).code,
    ).toBe('WALLET_OPERATOR_REQUIRED_ERROR');
    expect(
      (
        await admin.client.put('/api/v1/wallets/approver', {
          wallet_id: walletId,
          user_ids: [alice.userId],
          approval_threshold: 2,
        })
      ).code,
    ).toBe('WALLET_APPROVE_THRESHOLD_ERROR');
    expect(
      (
        await admin.client.put('/api/v1/wallets/approver', {
          wallet_id: walletId,
          user_ids: [alice.userId],
          approval_threshold: 1,
        })
      ).code,
    ).toBe('OK');
    expect(
      (
        await admin.client.put('/api/v1/wallets/viewer', {
          wallet_id: walletId,
          user_ids: [alice.userId, bob.userId],
        })
      ).code,
    ).toBe('OK');
    expect(
      (await alice.client.put('/api/v1/wallets/viewer', { wallet_id: walletId, user_ids: [] })).code,
    ).toBe('PERMISSION_WALLET_UPDATE_ERROR');
    expect(
      (await admin.client.post('/api/v1/wallets/name', { wallet_id: walletId, name: 'Ops 2' })).code,
    ).toBe('OK');
    await allowResend(t, admin.email);
    await sendCode(admin.client, 'wallet_archive');
    const code = await readCode(t, admin.email);
    expect(
      (
        await admin.client.post('/api/v1/wallets/archive', {
          wallet_id: walletId,
          name: 'Ops',
          email_code: code,
        })
      ).code,
    ).toBe('WALLET_NAME_MISMATCH_ERROR');
    expect(
      (
        await admin.client.post('/api/v1/wallets/archive', {
          wallet_id: walletId,
          name: 'Ops 2',
          email_code: code,
        })
      ).code,
    ).toBe('OK');
    expect(
      (await admin.client.post('/api/v1/wallets/name', { wallet_id: walletId, name: 'Back' })).code,
    ).toBe('WALLET_ARCHIVED_ERROR');
    const live = await admin.client.get<{ list: Array<{ wallet_id: number }> }>('/api/v1/wallets');
    expect(live.data.list.map((w) => w.wallet_id)).not.toContain(walletId);
    const archive = await admin.client.get<{ list: Array<{ wallet_id: number; status: number }> }>(
      '/api/v1/wallets',
      { archived: 'true' },
    );
    expect(archive.data.list).toEqual([expect.objectContaining({ wallet_id: walletId, status: 10 })]);
    expect((await alice.client.get('/api/v1/wallets', { archived: 'true' })).code).toBe(
      'PERMISSION_VIEW_ERROR',
    );
    // §7 GET /wallets/archive answers the same list, to admins only.
    const atSpecPath = await admin.client.get<{ list: unknown[] }>('/api/v1/wallets/archive');
    expect(atSpecPath.data.list).toEqual(archive.data.list);
    expect((await alice.client.get('/api/v1/wallets/archive')).code).toBe('PERMISSION_VIEW_ERROR');
    const audit = await admin.client.get<{ list: Array<{ operation: string }> }>('/api/v1/audit-log', {
      wallet_id: walletId,
    });
    expect(audit.data.list.map((row) => row.operation)).toEqual(
      expect.arrayContaining(['create_multi', 'set_approver', 'rename', 'archive']),
    );
    expect(
      audit.data.list.every((row) =>
        ['create_multi', 'set_approver', 'set_viewer', 'rename', 'archive'].includes(row.operation),
      ),
    ).toBe(true);
  });

  it('adds a custom token only when the contract is an ERC-20 not yet listed', async () => {
    const created = await admin.client.post<{ wallet_id: number }>(
      '/api/v1/wallets/multi',
      multiBody({ name: 'Tokens' }),
    );
    const usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
    expect(
      (
        await admin.client.post('/api/v1/wallets/custom-token', {
          wallet_id: created.data.wallet_id,
          contract: usdt,
        })
      ).code,
    ).toBe('RESOURCE_EXISTS_ERROR');
    const eoa = privateKeyToAccount(devnetKey(9)).address;
    expect(
      (
        await admin.client.post('/api/v1/wallets/custom-token', {
          wallet_id: created.data.wallet_id,
          contract: eoa,
        })
      ).code,
    ).toBe('TOKEN_NOT_FOUND_ERROR');
  });
});

describe('single-signature import', () => {
  it('proves control by signature, and refuses contracts, duplicates and addresses of another space', async () => {
    const account = privateKeyToAccount(devnetKey(9));
    const imported = await admin.client.post<{
      wallet_id: number;
      status: number;
      challenge_id: number;
      message: string;
    }>('/api/v1/wallets/single', { name: 'Hot', chain_key: '31337', address: account.address });
    expect(imported.data.status).toBe(11);
    const wrong = await privateKeyToAccount(devnetKey(8)).signMessage({ message: imported.data.message });
    expect(
      (
        await admin.client.post('/api/v1/wallets/verify', {
          wallet_id: imported.data.wallet_id,
          challenge_id: imported.data.challenge_id,
          signature: wrong,
        })
      ).code,
    ).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    const right = await account.signMessage({ message: imported.data.message });
    expect(
      (
        await admin.client.post('/api/v1/wallets/verify', {
          wallet_id: imported.data.wallet_id,
          challenge_id: imported.data.challenge_id,
          signature: right,
        })
      ).code,
    ).toBe('OK');
    expect(
      (
        await admin.client.post('/api/v1/wallets/single', {
          name: 'Again',
          chain_key: '31337',
          address: account.address,
        })
      ).code,
    ).toBe('WALLET_EXISTS_ERROR');
    const other = await person(t, { mfa: true });
    await createSpace(other, 'Elsewhere');
    expect(
      (
        await other.client.post('/api/v1/wallets/single', {
          name: 'Mine',
          chain_key: '31337',
          address: account.address,
        })
      ).code,
    ).toBe('WALLET_ADDRESS_IN_OTHER_SPACE_ERROR');
    const usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
    expect(
      (
        await admin.client.post('/api/v1/wallets/single', {
          name: 'Token',
          chain_key: '31337',
          address: usdt,
        })
      ).code,
    ).toBe('WALLET_CONTRACT_ADDRESS_ERROR');
  });
});
