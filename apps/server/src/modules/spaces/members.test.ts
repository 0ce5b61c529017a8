import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, solveCaptcha, uniqueEmail } from '../../../test/auth-helpers';
import {
  addMember,
  createSpace,
  invitationToken,
  person,
  registerThroughInvitation,
} from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

describe('invitations', () => {
  it('invites several comma-separated e-mails with one role and mails each a single-use link', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner);
    const a = uniqueEmail('inv');
    const b = uniqueEmail('inv');
    const reply = await owner.client.post<{ invited: string[] }>('/api/v1/organization/invite', {
      emails: `${a}, ${b}`,
      role: 0,
    });
    expect(reply.data.invited).toEqual([a, b]);
    const token = await invitationToken(t, a);
    const info = await t
      .client()
      .get<{ email: string; status: string; registered: boolean }>('/api/v1/organization/org-invite-info', {
        token,
      });
    expect(info.data).toMatchObject({ email: a, status: 'pending', registered: false });
    const members = await owner.client.get<{ list: Array<{ email: string; status: string }>; total: number }>(
      '/api/v1/organization/member',
      { page: 1, page_size: 10 },
    );
    expect(members.data.total).toBe(3);
    expect(members.data.list.filter((m) => m.status === 'pending').map((m) => m.email)).toEqual([a, b]);
  });

  it('rejects a bad address, an existing member and a duplicate invitation', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    expect(
      (await owner.client.post('/api/v1/organization/invite', { emails: 'ok@example.com, nope', role: 0 }))
        .code,
    ).toBe('INVALID_EMAIL_ERROR');
    const member = await addMember(t, owner, id, 0);
    expect(
      (await owner.client.post('/api/v1/organization/invite', { emails: member.email, role: 0 })).code,
    ).toBe('MEMBER_INVITE_ERROR');
    const fresh = uniqueEmail();
    await owner.client.post('/api/v1/organization/invite', { emails: fresh, role: 0 });
    expect((await owner.client.post('/api/v1/organization/invite', { emails: fresh, role: 0 })).code).toBe(
      'INVITATION_ALREADY_INVITED_ERROR',
    );
  });

  it('stops at the plan member limit (free: 5 seats)', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner);
    const four = Array.from({ length: 4 }, () => uniqueEmail('seat')).join(',');
    expect((await owner.client.post('/api/v1/organization/invite', { emails: four, role: 0 })).code).toBe(
      'OK',
    );
    const sixth = await owner.client.post('/api/v1/organization/invite', {
      emails: uniqueEmail('seat'),
      role: 0,
    });
    expect(sixth.code).toBe('LIMIT_MEMBERS_ERROR');
    expect(sixth.message).toContain('5');
  });

  it('must be accepted by the invited account, once, before it expires', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner);
    const invitee = await person(t);
    await owner.client.post('/api/v1/organization/invite', { emails: invitee.email, role: 7 });
    const token = await invitationToken(t, invitee.email);
    const other = await person(t);
    expect((await other.client.post('/api/v1/organization/join', { token })).code).toBe(
      'PERMISSION_INVITEE_MISMATCH_ERROR',
    );
    expect((await invitee.client.post('/api/v1/organization/join', { token })).code).toBe('OK');
    expect((await invitee.client.post('/api/v1/organization/join', { token })).code).toBe(
      'INVITATION_NOT_FOUND_ERROR',
    );

    const late = await person(t);
    await owner.client.post('/api/v1/organization/invite', { emails: late.email, role: 0 });
    const lateToken = await invitationToken(t, late.email);
    await t.ctx.db
      .updateTable('organization_members')
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', late.email)
      .execute();
    expect((await late.client.post('/api/v1/organization/join', { token: lateToken })).code).toBe(
      'INVITATION_EXPIRED_ERROR',
    );
    const listed = await owner.client.get<{
      list: Array<{ member_id: number; email: string; status: string }>;
    }>('/api/v1/organization/member', { status: 'expired' });
    const row = listed.data.list.find((m) => m.email === late.email)!;
    expect(row.status).toBe('expired');
    expect(
      (await owner.client.post('/api/v1/organization/reinvite', { member_id: row.member_id })).code,
    ).toBe('OK');
    expect(
      (await late.client.post('/api/v1/organization/join', { token: await invitationToken(t, late.email) }))
        .code,
    ).toBe('OK');
  });

  it('a new user registers through the invitation (captcha, code to the invited address) and lands in the space', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const email = uniqueEmail('newbie');
    await owner.client.post('/api/v1/organization/invite', { emails: email, role: 0 });
    const token = await invitationToken(t, email);
    const client = await registerThroughInvitation(t, token, email);
    expect(client.cookies.get('ks_last_space')).toBe(String(id));
    const spaces = await client.get<{ list: Array<{ organization_id: number; role: number }> }>(
      '/api/v1/organization',
    );
    expect(spaces.data.list).toEqual([expect.objectContaining({ organization_id: id, role: 0 })]);
    // The code was sent to the invited address only, and the token is now spent.
    const again = t.client();
    await solveCaptcha(again, 'invite_register');
    expect(
      (await again.post('/api/v1/email-code', { category: 'invite_register', org_invite_token: token })).code,
    ).toBe('INVITATION_NOT_FOUND_ERROR');
    expect(
      (
        await t.client().post('/api/v1/invite-register', {
          org_invite_token: token,
          email_code: '123456',
          password: PASSWORD,
        })
      ).code,
    ).toBe('INVITATION_NOT_FOUND_ERROR');
  });
});

describe('member management', () => {
  it('changes roles, blocks and unblocks; a blocked member is shut out', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const member = await addMember(t, owner, id, 0);
    const list = await owner.client.get<{ list: Array<{ member_id: number; user_id: number }> }>(
      '/api/v1/organization/member',
    );
    const row = list.data.list.find((m) => m.user_id === member.userId)!;
    expect(
      (await owner.client.put('/api/v1/organization/member', { member_id: row.member_id, role: 2 })).code,
    ).toBe('OK');
    expect((await member.client.get<{ role: number }>('/api/v1/organization/base-info')).data.role).toBe(2);
    expect(
      (await owner.client.put('/api/v1/organization/member', { member_id: row.member_id, status: 'blocked' }))
        .code,
    ).toBe('OK');
    expect((await member.client.get('/api/v1/organization/base-info')).code).toBe('MEMBER_BLOCKED_ERROR');
    expect(
      (await owner.client.put('/api/v1/organization/member', { member_id: row.member_id, status: 'joined' }))
        .code,
    ).toBe('OK');
    expect((await member.client.get('/api/v1/organization/base-info')).code).toBe('OK');
    const notes = await member.client.get<{ list: Array<{ title: string }> }>('/api/v1/notification');
    expect(notes.data.list.length).toBeGreaterThanOrEqual(3);
  });

  it('never deletes or demotes the creator; admins cannot touch admins; nobody edits themselves', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const admin = await addMember(t, owner, id, 2);
    const otherAdmin = await addMember(t, owner, id, 2);
    const list = await owner.client.get<{
      list: Array<{ member_id: number; user_id: number; role: number }>;
    }>('/api/v1/organization/member');
    const creatorRow = list.data.list.find((m) => m.role === 1)!;
    const adminRow = list.data.list.find((m) => m.user_id === admin.userId)!;
    const otherRow = list.data.list.find((m) => m.user_id === otherAdmin.userId)!;
    expect(
      (await admin.client.delete('/api/v1/organization/member', { member_id: creatorRow.member_id })).code,
    ).toBe('PERMISSION_CREATOR_DELETE_ERROR');
    expect(
      (await admin.client.put('/api/v1/organization/member', { member_id: creatorRow.member_id, role: 0 }))
        .code,
    ).toBe('PERMISSION_CREATOR_TRANSFER_ERROR');
    expect(
      (await admin.client.delete('/api/v1/organization/member', { member_id: otherRow.member_id })).code,
    ).toBe('PERMISSION_DELETE_ERROR');
    expect(
      (await admin.client.put('/api/v1/organization/member', { member_id: adminRow.member_id, role: 0 }))
        .code,
    ).toBe('PERMISSION_MEMBER_SCOPE_ERROR');
    expect(
      (await owner.client.delete('/api/v1/organization/member', { member_id: otherRow.member_id })).code,
    ).toBe('OK');
  });

  it('cannot touch a member of another space by guessing its id', async () => {
    const a = await person(t, { mfa: true });
    await createSpace(a, 'A');
    const b = await person(t, { mfa: true });
    const spaceB = await createSpace(b, 'B');
    const victim = await addMember(t, b, spaceB, 0);
    const rows = await t.ctx.db
      .selectFrom('organization_members')
      .select('id')
      .where('user_id', '=', victim.userId)
      .execute();
    const reply = await a.client.delete('/api/v1/organization/member', { member_id: rows[0]!.id });
    expect(reply.code).toBe('MEMBER_NOT_FOUND_ERROR');
    a.client.spaceId = spaceB;
    expect((await a.client.get('/api/v1/organization/member')).code).toBe('ORGANIZATION_NOT_FOUND_ERROR');
    expect((await a.client.get('/api/v1/audit-log')).code).toBe('ORGANIZATION_NOT_FOUND_ERROR');
  });

  it('tags a member whose last sign-ins came from different devices', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const member = await addMember(t, owner, id, 0);
    const devices = ['Chrome on Windows', 'Firefox on Linux', 'Safari on macOS'];
    for (const [i, device] of devices.entries()) {
      await t.ctx.db
        .insertInto('sessions')
        .values({
          user_id: member.userId,
          token_hash: `fake-${member.userId}-${i}`,
          stage: 'active',
          device,
          expires_at: new Date(Date.now() + 3600_000),
          activated_at: new Date(Date.now() + i * 1000),
        })
        .execute();
    }
    const list = await owner.client.get<{ list: Array<{ user_id: number; risk_tags: number[] }> }>(
      '/api/v1/organization/member',
    );
    const tags = list.data.list.find((m) => m.user_id === member.userId)!.risk_tags;
    expect(tags).toEqual(expect.arrayContaining([2, 5, 6]));
    expect(tags).not.toContain(1);
  });
});

describe('audit log of the space', () => {
  it('filters, pages, exports CSV safely and verifies the chain', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner, '=HYPERLINK("x")');
    await owner.client.patch('/api/v1/organization', { name: 'Second' });
    const page = await owner.client.get<{ list: Array<{ operation: string }>; total: number }>(
      '/api/v1/audit-log',
      { operation: 'update', page: 1, page_size: 10 },
    );
    expect(page.data.total).toBe(1);
    const csv = await owner.client.get('/api/v1/audit-log/export');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw).toContain('time,type,operation');
    expect(csv.raw).not.toMatch(/,=HYPERLINK/);
    const verified = await owner.client.get<{ intact: boolean; rows: number }>('/api/v1/audit-log/verify');
    expect(verified.data).toMatchObject({ intact: true, rows: 2 });
  });
});
