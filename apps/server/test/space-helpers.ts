import { expect } from 'vitest';
import {
  allowResend,
  bindAuthenticator,
  readCode,
  registerUser,
  sendCode,
  solveCaptcha,
  uniqueEmail,
  PASSWORD,
} from './auth-helpers';
import type { TestApp, TestClient } from './test-app';

export interface Person {
  client: TestClient;
  email: string;
  userId: number;
}

/** A registered, signed-in user; with `mfa` also an authenticator (needed to create spaces). */
export async function person(t: TestApp, options: { mfa?: boolean; prefix?: string } = {}): Promise<Person> {
  const client = t.client();
  const email = uniqueEmail(options.prefix ?? 'member');
  await registerUser(t, client, email);
  if (options.mfa) await bindAuthenticator(t, client, email);
  const me = await client.get<{ user_id: number }>('/api/v1/user/base-info');
  return { client, email, userId: me.data.user_id };
}

export async function createSpace(
  owner: Person,
  name = 'Treasury',
  edition: 'formal' | 'experience' = 'formal',
  /** §1 organisation kind: 1 company, 2 family. */
  kind: 1 | 2 = 1,
): Promise<number> {
  const reply = await owner.client.post<{ organization_id: number }>('/api/v1/organization', {
    name,
    edition,
    kind,
  });
  expect(reply.code).toBe('OK');
  owner.client.spaceId = reply.data.organization_id;
  return reply.data.organization_id;
}

/** The invitation token from the newest invitation mail to `email`. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .where('category', '=', 'invitation')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/token=([^\s]+)/.exec(row.text_body)![1]!);
}

/** Invites an existing user with a role and has them accept; returns them in the space. */
export async function addMember(
  t: TestApp,
  admin: Person,
  spaceId: number,
  role: 0 | 2 | 7,
): Promise<Person> {
  const member = await person(t);
  const invited = await admin.client.post('/api/v1/organization/invite', { emails: member.email, role });
  expect(invited.code).toBe('OK');
  const joined = await member.client.post('/api/v1/organization/join', {
    token: await invitationToken(t, member.email),
  });
  expect(joined.code).toBe('OK');
  member.client.spaceId = spaceId;
  return member;
}

/** A brand-new user registering through an invitation link. */
export async function registerThroughInvitation(
  t: TestApp,
  token: string,
  email: string,
): Promise<TestClient> {
  const client = t.client();
  await solveCaptcha(client, 'invite_register');
  const sent = await client.post('/api/v1/email-code', {
    category: 'invite_register',
    org_invite_token: token,
    language_code: 'en-US',
  });
  expect(sent.code).toBe('OK');
  const reply = await client.post('/api/v1/invite-register', {
    org_invite_token: token,
    email_code: await readCode(t, email),
    password: PASSWORD,
  });
  expect(reply.code).toBe('OK');
  return client;
}

export { sendCode };

/** A fresh e-mail code of that purpose for this person (the 60 s resend wait lifted). */
export async function freshCode(t: TestApp, who: Person, purpose: string): Promise<string> {
  await allowResend(t, who.email);
  expect((await sendCode(who.client, purpose)).code).toBe('OK');
  return readCode(t, who.email);
}
