import type { PolicyDocument } from '@keystead/contract';
import { privateKeyToAccount } from 'viem/accounts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindAuthenticator, totpNow } from '../../../test/auth-helpers';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createSafe,
  signatureFor,
  signerKey,
  transferSpace,
  type DeployedSafe,
} from '../../../test/transfer-helpers';
import { evaluateTransfer } from './policy-check';
import { pruneVelocityHours } from './policy-facts';

/**
 * The transfer policy through the API (issue 21): maker-checker changes, every action on real
 * transfers of a deployed Safe, velocity across the window edge and under concurrent creations,
 * the evaluation again at approval, the dry run, and a batch's total against its recipients.
 */
let t: TestApp;
let spaceId: number;
let admin: Person;
/** The second admin: the checker of policy changes and the "Finance" group. */
let checker: Person;
let checkerSecret: string;
/** The wallet's approver (threshold 1) and a plain member. */
let approver: Person;
let member: Person;
let main: DeployedSafe;
let other: DeployedSafe;
const recipient = privateKeyToAccount(signerKey(25)).address;

beforeAll(async () => {
  t = await createTestApp();
  const space = await transferSpace(t, 2, 'Policy');
  ({ admin, spaceId } = space);
  [approver, member] = space.members as [Person, Person];
  checker = await addMember(t, admin, spaceId, 2);
  checkerSecret = await bindAuthenticator(t, checker.client, checker.email);
  const spec = {
    signers: [
      { who: admin, key: 18 },
      { who: admin, key: 23 },
    ],
    threshold: 2,
    approvers: [approver],
    approvalThreshold: 1,
    operators: [admin, member],
    deployFrom: 3,
  };
  main = await createSafe(t, admin, spec, 'Main');
  other = await createSafe(
    t,
    admin,
    {
      ...spec,
      signers: [
        { who: admin, key: 24 },
        { who: admin, key: 26 },
      ],
    },
    'Other',
  );
});
afterAll(() => t.close());

type View = {
  in_force: { version: number; document: PolicyDocument } | null;
  pending_change: { id: number; can_vote: boolean; can_revoke: boolean; quorum: number } | null;
};

const policyOf = (rules: unknown[], groups: unknown[] = []) => ({ rules, groups, change_quorum: 1 });
const propose = (who: Person, document: unknown) =>
  who.client.post<View>('/api/v1/transfer-policy/changes', { document });

/** Proposed by the admin, approved by the checker: in force. */
async function enact(document: unknown) {
  const proposed = await propose(admin, document);
  expect(proposed.code).toBe('OK');
  const approved = await checker.client.post<View>('/api/v1/transfer-policy/changes/approve', {
    change_id: proposed.data.pending_change!.id,
    result: 1,
  });
  expect(approved.code).toBe('OK');
  expect(approved.data.pending_change).toBeNull();
  return approved.data;
}

const create = (who: Person, amount: string, wallet = main) =>
  who.client.post<{ task_id: number; status: number; policy: { summary: string } | null }>('/api/v1/task', {
    wallet_id: wallet.walletId,
    to: recipient,
    amount,
    token: wallet.usdt,
  });

const spaceTasks = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('tasks')
        .select(sql<string>`count(*)`.as('n'))
        .where('organization_id', '=', spaceId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Earlier transfers leave the velocity windows: each velocity test starts from none. */
async function ageAllTransfers() {
  await sql`update tasks set created_at = ${new Date(Date.now() - 8 * 86_400_000)} where organization_id = ${spaceId}`.execute(
    t.ctx.db,
  );
}

describe('maker-checker changes', () => {
  it('is for admins: a member neither reads nor proposes', async () => {
    expect((await member.client.get('/api/v1/transfer-policy')).code).toBe('PERMISSION_VIEW_ERROR');
    expect((await propose(member, policyOf([]))).code).toBe('PERMISSION_SPACE_MANAGE_ERROR');
  });

  it('needs another admin to approve: a lone admin cannot propose', async () => {
    const lone = await person(t, { mfa: true, prefix: 'lone' });
    await createSpace(lone, 'Alone');
    const refused = await propose(lone, policyOf([]));
    expect(refused.code).toBe('TRANSFER_POLICY_NO_CHECKER_ERROR');
    expect(refused.message).toMatch(/1 other admin/);
  });

  it('refuses a document that names what does not exist, with the rule in the message', async () => {
    const cases: [unknown, RegExp][] = [
      [
        policyOf([{ name: 'Stop', when: {}, then: { kind: 'block' } }]),
        /rule 1 "Stop": a block needs a reason/,
      ],
      [
        policyOf([
          { name: 'Big', when: {}, then: { kind: 'allow', group_approvals: { group: 'Nobody', count: 1 } } },
        ]),
        /group "Nobody" is not defined/,
      ],
      [
        policyOf([
          {
            name: 'Hours',
            when: { time_window: { days: [1], from: '09:00', to: '17:00', time_zone: 'Mars/Olympus' } },
            then: { kind: 'allow' },
          },
        ]),
        /unknown time zone/,
      ],
      [policyOf([], [{ name: 'Finance', member_ids: [999_999] }]), /user 999999 is not a member/],
      [
        policyOf([{ name: 'Range', when: { amount_usd: { gte: '10', lt: '10' } }, then: { kind: 'allow' } }]),
        /empty range/,
      ],
    ];
    for (const [document, message] of cases) {
      const refused = await propose(admin, document);
      expect(refused.code).toBe('TRANSFER_POLICY_INVALID_ERROR');
      expect(refused.message).toMatch(message);
    }
    expect((await propose(admin, { rules: 'none' })).code).toBe('PARAMS_INVALID_ERROR');
  });

  it('is not in force while it waits; one waits at a time; its proposer does not approve it', async () => {
    const block = policyOf([
      { name: 'Cap', when: { amount_usd: { gte: '100' } }, then: { kind: 'block', reason: 'over the cap' } },
    ]);
    const proposed = await propose(admin, block);
    expect(proposed.code).toBe('OK');
    expect(proposed.data).toMatchObject({
      in_force: null,
      pending_change: { can_vote: false, can_revoke: true, quorum: 1 },
    });
    const changeId = proposed.data.pending_change!.id;
    // Pending, not in force: a transfer over the cap is created as before.
    expect((await create(admin, '150')).data).toMatchObject({ status: 0, policy: null });
    expect((await propose(admin, block)).code).toBe('TRANSFER_POLICY_CHANGE_PENDING_ERROR');
    const vote = (who: Person, result: 1 | 2) =>
      who.client.post('/api/v1/transfer-policy/changes/approve', { change_id: changeId, result });
    expect((await vote(admin, 1)).code).toBe('TRANSFER_POLICY_OWN_CHANGE_ERROR');
    // Another space's admin does not even learn it exists.
    const stranger = await person(t, { mfa: true, prefix: 'stranger' });
    await createSpace(stranger, 'Elsewhere');
    expect((await vote(stranger, 1)).code).toBe('TRANSFER_POLICY_CHANGE_NOT_FOUND_ERROR');
    const approved = await vote(checker, 1);
    expect(approved.code).toBe('OK');
    expect((await vote(checker, 1)).code).toBe('TRANSFER_POLICY_CHANGE_DECIDED_ERROR');
    const view = await admin.client.get<View>('/api/v1/transfer-policy');
    expect(view.data.in_force).toMatchObject({ version: 1 });

    // In force: at the cap exactly it blocks, and nothing is written; below it passes.
    const before = await spaceTasks();
    const blocked = await create(admin, '100');
    expect(blocked.code).toBe('TRANSFER_POLICY_BLOCKED_ERROR');
    expect(blocked.message).toBe('The transfer policy blocks this transfer: Rule 1 “Cap” (over the cap).');
    expect(await spaceTasks()).toBe(before);
    expect((await create(admin, '99.99')).data).toMatchObject({ status: 0, policy: null });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['operation', 'content'])
      .where('organization_id', '=', spaceId)
      .where('operation', 'like', 'policy%')
      .orderBy('id')
      .execute();
    // The refused attempt is audited too (its own transaction: the creation wrote nothing).
    expect(audit.map((row) => row.operation)).toEqual([
      'policy_change_propose',
      'policy_change_approve',
      'policy_applied',
      'policy_block',
    ]);
    expect(audit[3]!.content).toMatchObject({
      wallet_id: main.walletId,
      to: recipient,
      rule: 'Rule 1 “Cap”',
    });
  });

  it('a rejection by the only other admin rejects; a revoked change leaves the policy in force', async () => {
    const first = await propose(admin, policyOf([]));
    const rejected = await checker.client.post<View>('/api/v1/transfer-policy/changes/approve', {
      change_id: first.data.pending_change!.id,
      result: 2,
    });
    expect(rejected.data).toMatchObject({ pending_change: null, in_force: { version: 1 } });
    const second = await propose(admin, policyOf([]));
    const changeId = second.data.pending_change!.id;
    expect(
      (await checker.client.post('/api/v1/transfer-policy/changes/revoke', { change_id: changeId })).code,
    ).toBe('PERMISSION_SPACE_MANAGE_ERROR');
    const revoked = await admin.client.post<View>('/api/v1/transfer-policy/changes/revoke', {
      change_id: changeId,
    });
    expect(revoked.data).toMatchObject({ pending_change: null, in_force: { version: 1 } });
  });
});

describe('actions on real transfers', () => {
  const finance = () => [{ name: 'Finance', member_ids: [checker.userId] }];

  it('N approvals from a group instead of the wallet’s threshold, with a second factor and a delay', async () => {
    await enact(
      policyOf(
        [
          {
            name: 'Large',
            when: { amount_usd: { gte: '200' } },
            then: {
              kind: 'allow',
              group_approvals: { group: 'Finance', count: 1, replaces_wallet_threshold: true },
              second_factor: true,
              delay_minutes: 30,
            },
          },
        ],
        finance(),
      ),
    );
    // The other wallet: no earlier transfer holds a Safe nonce before this one's.
    const created = await create(member, '250', other);
    expect(created.data.status).toBe(0);
    const taskId = created.data.task_id;
    expect(created.data.policy!.summary).toBe(
      'Rule 1 “Large”: amount $250 ≥ $200 → 1 approval from Finance + approver second factor + 30 min delay before broadcast',
    );
    const info = await admin.client.get<{ policy: { matches: { rule: number }[] } }>('/api/v1/task/info', {
      task_id: taskId,
    });
    expect(info.data.policy!.matches[0]!.rule).toBe(1);
    const listed = await admin.client.get<{ list: { task_id: number; policy: unknown }[] }>(
      '/api/v1/transfer/list',
      {},
    );
    expect(listed.data.list.find((row) => row.task_id === taskId)!.policy).toMatchObject({
      groups: [{ name: 'Finance' }],
    });

    // The group member has it to do; the wallet's approver, whom the group replaces, does not.
    const todo = async (who: Person) =>
      (
        await who.client.get<{ list: { task_id: number }[] }>('/api/v1/transfer/list', { tab: 'todo' })
      ).data.list.map((row) => row.task_id);
    expect(await todo(checker)).toContain(taskId);
    expect(await todo(approver)).not.toContain(taskId);
    // The wallet's approver has no say; the group member needs the second factor.
    const approve = (who: Person, extra: object = {}) =>
      who.client.post<{ status: number }>('/api/v1/task/approve', { task_id: taskId, result: 1, ...extra });
    expect((await approve(approver)).code).toBe('PERMISSION_APPROVE_ERROR');
    expect((await approve(checker)).code).toBe('GOOGLE_AUTHENTICATION_ERROR');
    const approved = await approve(checker, { mfa_code: totpNow(checkerSecret, 1) });
    expect(approved.data.status).toBe(3);
    for (const key of [24, 26]) {
      const signed = await admin.client.post<{ status: number }>('/api/v1/sign', {
        task_id: taskId,
        signature: await signatureFor(admin, key, taskId),
        kind: 'eip712',
      });
      expect(signed.code).toBe('OK');
    }
    expect(
      (await admin.client.get<{ status: number }>('/api/v1/task/info', { task_id: taskId })).data.status,
    ).toBe(5);

    // The delay: no broadcast before its time, then the broadcast is prepared as usual.
    const broadcaster = privateKeyToAccount(signerKey(2)).address;
    const early = await admin.client.post('/api/v1/broadcast-create', { task_id: taskId, from: broadcaster });
    expect(early.code).toBe('TRANSFER_POLICY_DELAY_ERROR');
    const task = await t.ctx.db
      .selectFrom('tasks')
      .select('broadcast_after')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    const minutes = (task.broadcast_after!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    await t.ctx.db
      .updateTable('tasks')
      .set({ broadcast_after: new Date(Date.now() - 1000) })
      .where('id', '=', taskId)
      .execute();
    expect(
      (await admin.client.post('/api/v1/broadcast-create', { task_id: taskId, from: broadcaster })).code,
    ).toBe('OK');
  });

  it('a group in addition to the wallet’s threshold needs both', async () => {
    await enact(
      policyOf(
        [
          {
            name: 'Both',
            when: {},
            then: { kind: 'allow', group_approvals: { group: 'Finance', count: 1 } },
          },
        ],
        finance(),
      ),
    );
    const created = await create(member, '5');
    const approve = (who: Person) =>
      who.client.post<{ status: number }>('/api/v1/task/approve', {
        task_id: created.data.task_id,
        result: 1,
      });
    // The schedule counts each part towards its own need: the wallet's one and Finance's one.
    const approvalStep = async () =>
      (
        await admin.client.get<{ steps: { step: string; state: string; count: number; needed: number }[] }>(
          '/api/v1/task/schedule',
          { task_id: created.data.task_id },
        )
      ).data.steps.find((step) => step.step === 'approval');
    expect(await approvalStep()).toMatchObject({ state: 'current', count: 0, needed: 2 });
    expect((await approve(checker)).data.status).toBe(0);
    expect(await approvalStep()).toMatchObject({ state: 'current', count: 1, needed: 2 });
    expect((await approve(approver)).data.status).toBe(3);
    expect(await approvalStep()).toMatchObject({ state: 'done', count: 2, needed: 2 });
  });
});

describe('velocity', () => {
  beforeEach(ageAllTransfers);
  const perDay = (limit: number) =>
    policyOf([
      {
        name: 'Daily count',
        when: { velocity: { scope: 'space', window: '24h', measure: 'count', gte: String(limit) } },
        then: { kind: 'block', reason: `${limit - 1} transfers a day` },
      },
    ]);

  it('counts the transfer being created, and nothing older than the window', async () => {
    await enact(perDay(3));
    const first = await create(admin, '1');
    expect(first.code).toBe('OK');
    expect((await create(admin, '1', other)).code).toBe('OK');
    expect((await create(admin, '1')).code).toBe('TRANSFER_POLICY_BLOCKED_ERROR');
    const setAge = (ms: number) =>
      sql`update tasks set created_at = ${new Date(Date.now() - ms)} where id = ${first.data.task_id}`.execute(
        t.ctx.db,
      );
    // Just inside the window it still counts; just outside it does not.
    await setAge(86_400_000 - 60_000);
    expect((await create(admin, '1')).code).toBe('TRANSFER_POLICY_BLOCKED_ERROR');
    await setAge(86_400_000 + 60_000);
    expect((await create(admin, '1')).code).toBe('OK');
    expect((await create(admin, '1')).code).toBe('TRANSFER_POLICY_BLOCKED_ERROR');
  });

  it('lets one of concurrent creations through a limit of one, on one wallet or two', async () => {
    await enact(perDay(2));
    const replies = await Promise.all([
      create(admin, '1'),
      create(member, '1', other),
      create(admin, '1', other),
      create(member, '1'),
    ]);
    const codes = replies.map((reply) => reply.code).sort();
    expect(codes).toEqual([
      'OK',
      'TRANSFER_POLICY_BLOCKED_ERROR',
      'TRANSFER_POLICY_BLOCKED_ERROR',
      'TRANSFER_POLICY_BLOCKED_ERROR',
    ]);
  });

  it('is evaluated again at approval: a transfer gains what the velocity now asks', async () => {
    await enact(
      policyOf([
        {
          name: 'Busy day',
          when: { velocity: { scope: 'wallet', window: '24h', measure: 'usd', gte: '30' } },
          then: { kind: 'allow', second_factor: true },
        },
      ]),
    );
    const first = await create(admin, '20');
    expect(first.data.policy).toBeNull();
    const second = await create(admin, '10');
    expect(second.data.policy!.summary).toMatch(/^Rule 1 “Busy day”: 24h wallet total \$30 ≥ \$30/);
    // The first transfer, approved now, sees $30 in the window (itself included).
    const approve = await approver.client.post('/api/v1/task/approve', {
      task_id: first.data.task_id,
      result: 1,
    });
    expect(approve.code).toBe('GOOGLE_AUTHENTICATION_ERROR');
    // A rejection is always possible.
    const reject = await approver.client.post<{ status: number }>('/api/v1/task/approve', {
      task_id: first.data.task_id,
      result: 2,
    });
    expect(reject.data.status).toBe(9);
  });
});

describe('dry run and batches', () => {
  it('says which rule a sample would hit, and why the earlier ones did not', async () => {
    const draft = policyOf([
      { name: 'Own wallets', when: { destinations: ['own_wallet'] }, then: { kind: 'allow' } },
      {
        name: 'Large',
        when: { amount_usd: { gte: '1000' } },
        then: { kind: 'block', reason: 'call the CFO' },
      },
    ]);
    const test = (amount: string, to: string = recipient) =>
      admin.client.post<{
        outcome: string;
        reason: string | null;
        trace: { failed: string | null }[];
        policy: unknown;
      }>('/api/v1/transfer-policy/test', {
        wallet_id: main.walletId,
        to,
        amount,
        token: main.usdt,
        document: draft,
      });
    const large = await test('1000');
    expect(large.data).toMatchObject({ outcome: 'block', reason: 'Rule 2 “Large”: call the CFO' });
    expect(large.data.trace.map((step) => step.failed)).toEqual(['destination is external, new', null]);
    expect((await test('999.99')).data).toMatchObject({ outcome: 'allow', policy: null });
    expect((await test('5000', other.address)).data).toMatchObject({
      outcome: 'allow',
      reason: null,
    });
    expect(
      (
        await member.client.post('/api/v1/transfer-policy/test', {
          wallet_id: main.walletId,
          to: recipient,
          amount: '1',
        })
      ).code,
    ).toBe('PERMISSION_VIEW_ERROR');
  });

  it('evaluates a batch on its total and on each recipient', async () => {
    const document = policyOf(
      [
        {
          name: 'Look-alike',
          when: { destinations: ['risky'] },
          then: { kind: 'block', reason: 'poisoning' },
        },
        {
          name: 'Big total',
          when: { amount_usd: { gte: '1000' } },
          then: { kind: 'allow', delay_minutes: 60 },
        },
        { name: 'Each small', when: { amount_usd: { lt: '1000' } }, then: { kind: 'allow' } },
      ],
      [],
    ) as PolicyDocument;
    const row = (to: string, usdt: string) => ({
      to,
      amount: BigInt(usdt) * 1_000_000n,
      token: { symbol: 'USDT', decimals: 6 },
    });
    const subject = (recipients: ReturnType<typeof row>[]) => ({
      organizationId: spaceId,
      wallet: { id: main.walletId, chain_key: '31337' },
      initiatorId: admin.userId,
      recipients,
      at: new Date(),
      on: 'create' as const,
    });
    const three = await evaluateTransfer(
      t.ctx.db,
      document,
      subject([row(recipient, '400'), row(recipient, '400'), row(other.address, '400')]),
    );
    expect(three.blocked).toBeNull();
    expect(three.policy!.matches.map((m) => m.rule)).toEqual([2, 3]);
    expect(three.policy!.delay_minutes).toBe(60);
    // One recipient that looks like a known address (the space's other wallet) blocks the whole batch.
    const lookalike = `${other.address.slice(0, 6)}${'0'.repeat(32)}${other.address.slice(-4)}`;
    const poisoned = await evaluateTransfer(
      t.ctx.db,
      document,
      subject([row(recipient, '1'), row(lookalike, '1')]),
    );
    expect(poisoned.blocked).toMatchObject({ rule: 1 });
  });
});

describe('velocity hours', () => {
  it('agree with the transfers after creations, rejections, revokes and re-dating', async () => {
    const kept = await sql<{ hour: Date; wallet_id: number; transfers: number; usd: string }>`
      select hour, wallet_id, transfers, usd::text as usd from velocity_hours
      where organization_id = ${spaceId} and (transfers <> 0 or usd <> 0) order by hour, wallet_id`.execute(
      t.ctx.db,
    );
    const recomputed = await sql<{ hour: Date; wallet_id: number; transfers: number; usd: string }>`
      select velocity_hour(created_at) as hour, wallet_id, count(*)::int as transfers, coalesce(sum(amount_usd), 0)::text as usd
      from tasks where organization_id = ${spaceId} and velocity_counted(type, status)
      group by 1, 2 order by 1, 2`.execute(t.ctx.db);
    const shown = (rows: { hour: Date; wallet_id: number; transfers: number; usd: string }[]) =>
      rows.map(
        (r) => `${new Date(r.hour).toISOString()} ${r.wallet_id} ${Number(r.transfers)} ${Number(r.usd)}`,
      );
    expect(recomputed.rows.length).toBeGreaterThan(1);
    expect(shown(kept.rows)).toEqual(shown(recomputed.rows));
  });

  it('older than every window (8 days) are pruned; the week the windows read stays', async () => {
    const noSpace = -1; // no space: nothing else reads these rows
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    for (const hours of [8 * 24 + 2, 7 * 24 + 2, 1])
      await sql`insert into velocity_hours (organization_id, hour, wallet_id, transfers, usd)
        values (${noSpace}, velocity_hour(${hoursAgo(hours)}), 1, 1, 0)`.execute(t.ctx.db);
    expect(await pruneVelocityHours(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await sql<{ hour: Date }>`
      select hour from velocity_hours where organization_id = ${noSpace} order by hour`.execute(t.ctx.db);
    expect(left.rows.map((r) => new Date(r.hour).getTime())).toEqual(
      [7 * 24 + 2, 1].map((hours) => Math.floor(hoursAgo(hours).getTime() / 3600_000) * 3600_000),
    );
  });
});
