import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, person } from '../../../test/space-helpers';
import { createSafe, transferSpace } from '../../../test/transfer-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface People {
  operators: Array<{ user_id: number }>;
  approvers: Array<{ user_id: number }>;
  viewers: Array<{ user_id: number }>;
  broadcasters: Array<{ user_id: number }>;
  approval_threshold: number;
}

const ids = (list: Array<{ user_id: number }>) => list.map((p) => p.user_id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('POST /wallets/multi-permission', () => {
  it('sets several roles in one change, all or nothing, with one audit row', async () => {
    const { admin, spaceId, members } = await transferSpace(t, 3, 'People');
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const { walletId } = await createSafe(t, admin, {
      signers: [
        { who: a, key: 24 },
        { who: b, key: 25 },
      ],
      threshold: 2,
      operators: [a],
      deployFrom: 7,
      deploy: false,
    });
    const people = async () =>
      (await admin.client.get<People>('/api/v1/wallets/base-info', { wallet_id: walletId })).data;
    const auditRows = async () =>
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select('operation')
          .where('organization_id', '=', spaceId)
          .where('operation', '=', 'set_permissions')
          .execute()
      ).length;
    const change = (body: Record<string, unknown>, who = admin) =>
      who.client.post('/api/v1/wallets/multi-permission', { wallet_id: walletId, ...body });

    const ok = await change({
      operators: [b.userId, c.userId],
      approvers: [a.userId, b.userId],
      approval_threshold: 2,
      viewers: [c.userId],
      broadcasters: [a.userId],
    });
    expect(ok.code).toBe('OK');
    const after = await people();
    expect(ids(after.operators)).toEqual(sorted([b.userId, c.userId]));
    expect(ids(after.approvers)).toEqual(sorted([a.userId, b.userId]));
    expect(ids(after.viewers)).toEqual([c.userId]);
    expect(ids(after.broadcasters)).toEqual([a.userId]);
    expect(after.approval_threshold).toBe(2);
    expect(await auditRows()).toBe(1);

    // Each refusal leaves every role and the audit log as they were.
    const outsider = await person(t);
    const viewersTooMany = [a, b, c].map((p) => p.userId);
    for (let i = 0; i < 3; i += 1) viewersTooMany.push((await addMember(t, admin, spaceId, 0)).userId);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ approvers: [a.userId], approval_threshold: 2 }, 'WALLET_APPROVE_THRESHOLD_ERROR'],
      [{ operators: [a.userId], viewers: viewersTooMany }, 'LIMIT_VIEWERS_ERROR'],
      [{ operators: [] }, 'WALLET_OPERATOR_REQUIRED_ERROR'],
      [{ operators: [a.userId], viewers: [outsider.userId] }, 'MEMBER_NOT_FOUND_ERROR'],
      [{ approvers: [a.userId] }, 'PARAMS_REQUIRED_ERROR'],
      [{}, 'PARAMS_REQUIRED_ERROR'],
    ];
    for (const [body, code] of refusals) {
      const reply = await change(body);
      expect(reply.code, JSON.stringify(body)).toBe(code);
    }
    expect(await people()).toEqual(after);
    expect(await auditRows()).toBe(1);
    expect((await change({ operators: [a.userId] }, a)).code).toBe('PERMISSION_WALLET_UPDATE_ERROR');
    expect(await people()).toEqual(after);
  });
});
