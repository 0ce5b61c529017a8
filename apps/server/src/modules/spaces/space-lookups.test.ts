import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskTag } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, createSpace, person } from '../../../test/space-helpers';
import { bindAuthenticator } from '../../../test/auth-helpers';
import { createSafe, transferSpace } from '../../../test/transfer-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tableCounts = async () =>
  Promise.all(
    (['wallets', 'audit_log'] as const).map(async (table) =>
      JSON.stringify(await t.ctx.db.selectFrom(table).selectAll().orderBy('id').execute()),
    ),
  );

describe('POST /organization/user-risk', () => {
  it("gives admins each member's risk tags with the sign-ins they come from; members are refused", async () => {
    const admin = await person(t, { mfa: true });
    const spaceId = await createSpace(admin, 'Risk');
    const member = await addMember(t, admin, spaceId, 0);
    const asks = await addMember(t, admin, spaceId, 0);
    // The member's only session was last seen 40 days ago: "long inactive".
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('user_id', '=', member.userId)
      .execute();
    const all = await admin.client.post<{
      list: Array<{ user_id: number; risk_tags: number[]; last_seen_at: string | null }>;
    }>('/api/v1/organization/user-risk', {});
    expect(all.code).toBe('OK');
    expect(all.data.list.map((m) => m.user_id)).toEqual(
      [admin.userId, member.userId, asks.userId].sort((a, b) => a - b),
    );
    const row = all.data.list.find((m) => m.user_id === member.userId)!;
    expect(row.risk_tags).toContain(RiskTag.LongInactive);
    expect(Date.parse(row.last_seen_at!)).toBeLessThan(Date.now() - 39 * 86_400_000);
    const one = await admin.client.post<{ list: unknown[] }>('/api/v1/organization/user-risk', {
      user_ids: [member.userId],
    });
    expect(one.data.list).toHaveLength(1);
    expect((await asks.client.post('/api/v1/organization/user-risk', {})).code).toBe('PERMISSION_VIEW_ERROR');
  });

  it('never names a user of another space', async () => {
    const admin = await person(t, { mfa: true });
    await createSpace(admin, 'Mine');
    const stranger = await person(t);
    const reply = await admin.client.post<{ list: unknown[] }>('/api/v1/organization/user-risk', {
      user_ids: [stranger.userId],
    });
    expect(reply.code === 'OK' ? reply.data.list : []).toEqual([]);
  });
});

describe('GET /organization/mfa', () => {
  it('says approving asks for the authenticator once the switch is on, and whether the caller has one', async () => {
    const admin = await person(t, { mfa: true });
    const spaceId = await createSpace(admin, 'Approvals');
    const member = await addMember(t, admin, spaceId, 0);
    const off = await member.client.get('/api/v1/organization/mfa');
    expect(off.data).toEqual({
      enable_approve_mfa: false,
      approve_requires: 'none',
      mfa_bound: false,
      approve_blocked: false,
    });
    expect((await admin.client.put('/api/v1/organization/settings', { enable_approve_mfa: true })).code).toBe(
      'OK',
    );
    expect((await member.client.get('/api/v1/organization/mfa')).data).toMatchObject({
      approve_requires: 'mfa',
      mfa_bound: false,
      approve_blocked: true,
    });
    await bindAuthenticator(t, member.client, member.email);
    expect((await member.client.get('/api/v1/organization/mfa')).data).toMatchObject({
      mfa_bound: true,
      approve_blocked: false,
    });
  });
});

describe('GET/PUT /organization/wallets (a paid plan ends)', () => {
  it('asks which wallets to keep, refuses transfers until then, and moves only the kept ones', async () => {
    const { admin, spaceId, members } = await transferSpace(t, 1, 'Lapsed');
    const [operator] = members;
    const live = await createSafe(t, admin, {
      signers: [
        { who: admin, key: 11 },
        { who: operator!, key: 12 },
      ],
      threshold: 2,
      operators: [operator!],
      deployFrom: 7,
    });
    const others: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const wallet = await createSafe(
        t,
        admin,
        {
          signers: [
            { who: admin, key: 13 + 2 * i },
            { who: operator!, key: 14 + 2 * i },
          ],
          threshold: 2,
          operators: [admin],
          deployFrom: 7,
          deploy: false,
        },
        `Spare ${i}`,
      );
      others.push(wallet.walletId);
    }
    const send = () =>
      operator!.client.post('/api/v1/task', {
        wallet_id: live.walletId,
        to: '0x000000000000000000000000000000000000dEaD',
        amount: '1',
        token: live.usdt,
      });
    // The paid plan ended yesterday: free allows 3 multisig wallets, the space has 4.
    await t.ctx.db
      .updateTable('organizations')
      .set({ plan: 'plus', plan_expires_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', spaceId)
      .execute();
    const before = await admin.client.get<{
      must_choose: boolean;
      plan: string;
      limits: { multisig: number };
    }>('/api/v1/organization/wallets');
    expect(before.data).toMatchObject({ must_choose: true, plan: 'free', limits: { multisig: 3 } });
    expect((await send()).code).toBe('VIP_EXPIRED_WALLETS_PENDING_ERROR');

    const unchanged = await tableCounts();
    const tooMany = await admin.client.put('/api/v1/organization/wallets', {
      wallet_ids: [live.walletId, ...others],
    });
    expect(tooMany.code).toBe('LIMIT_WALLETS_ERROR');
    expect(tooMany.message).toContain('3');
    expect((await operator!.client.put('/api/v1/organization/wallets', { wallet_ids: others })).code).toBe(
      'PERMISSION_SPACE_MANAGE_ERROR',
    );
    expect(await tableCounts()).toEqual(unchanged);

    const keepSpares = await admin.client.put<{
      must_choose: boolean;
      list: Array<{ wallet_id: number; kept: boolean }>;
    }>('/api/v1/organization/wallets', { wallet_ids: others });
    expect(keepSpares.data.must_choose).toBe(false);
    expect(keepSpares.data.list.find((w) => w.wallet_id === live.walletId)!.kept).toBe(false);
    expect((await send()).code).toBe('VIP_EXPIRED_WALLETS_PENDING_ERROR');

    expect(
      (await admin.client.put('/api/v1/organization/wallets', { wallet_ids: [live.walletId, others[0]] }))
        .code,
    ).toBe('OK');
    expect((await send()).code).toBe('OK');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', spaceId)
      .where('operation', '=', 'keep_wallets')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it("refuses another space's wallet ids as not found", async () => {
    const mine = await transferSpace(t, 0, 'Mine');
    const theirs = await transferSpace(t, 0, 'Theirs');
    const wallet = await createSafe(t, theirs.admin, {
      signers: [
        { who: theirs.admin, key: 20 },
        { who: theirs.admin, key: 21 },
      ],
      threshold: 2,
      operators: [theirs.admin],
      deployFrom: 7,
      deploy: false,
    });
    const reply = await mine.admin.client.put('/api/v1/organization/wallets', {
      wallet_ids: [wallet.walletId],
    });
    expect(reply.code).toBe('WALLET_NOT_FOUND_ERROR');
  });
});

describe('POST /organization/member/enter', () => {
  it("answers the member's session record with the wallet roles, and refuses a space one has not joined", async () => {
    const { admin, spaceId, members } = await transferSpace(t, 1, 'Enter');
    const [member] = members;
    const wallet = await createSafe(t, admin, {
      signers: [
        { who: member!, key: 22 },
        { who: admin, key: 23 },
      ],
      threshold: 2,
      operators: [member!],
      deployFrom: 7,
      deploy: false,
    });
    member!.client.spaceId = null;
    const entered = await member!.client.post<{
      organization_id: number;
      is_admin: boolean;
      is_operator: boolean;
      permissions: Array<{ wallet_id: number; roles: string[] }>;
    }>('/api/v1/organization/member/enter', { organization_id: spaceId });
    expect(entered.code).toBe('OK');
    expect(entered.data).toMatchObject({ organization_id: spaceId, is_admin: false, is_operator: true });
    expect(entered.data.permissions).toEqual([{ wallet_id: wallet.walletId, roles: ['operator', 'signer'] }]);
    const outsider = await person(t);
    expect(
      (await outsider.client.post('/api/v1/organization/member/enter', { organization_id: spaceId })).code,
    ).toBe('ORGANIZATION_NOT_FOUND_ERROR');
  });
});
