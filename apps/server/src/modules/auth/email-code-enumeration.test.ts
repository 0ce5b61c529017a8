import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SENT_IF_DELIVERABLE } from '@keystead/contract';
import { registerUser, sendCode, solveCaptcha, uniqueEmail } from '../../../test/auth-helpers';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { person } from '../../../test/space-helpers';
import { EMAIL_CODE_LIMITS } from './email-code.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

const mailsTo = (email: string) =>
  t.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email.toLowerCase()).execute();

async function registered(): Promise<string> {
  const email = uniqueEmail('taken');
  await registerUser(t, t.client(), email);
  return email;
}

const newEmailCode = (client: TestClient, email: string) =>
  client.post('/api/v1/email-code', { category: 'edit_new_email', email, language_code: client.language });

describe('edit_new_email does not tell which addresses have accounts', () => {
  it('answers a registered and a free address alike, mails only the free one', async () => {
    const taken = await registered();
    const free = uniqueEmail('free');
    const me = await person(t, { prefix: 'mover' });
    const takenReply = await newEmailCode(me.client, taken);
    const freeReply = await newEmailCode(me.client, free);
    expect(takenReply.code).toBe('OK');
    expect(freeReply.code).toBe('OK');
    expect(takenReply.status).toBe(freeReply.status);
    expect(takenReply.data).toEqual(freeReply.data);
    expect(takenReply.message).toBe(CODE_SENT_IF_DELIVERABLE['en-US']);
    expect(freeReply.message).toBe(takenReply.message);
    expect(await mailsTo(free)).toHaveLength(1);
    // The registered address got nothing new from this request (only its registration code).
    expect(await mailsTo(taken)).toHaveLength(1);
  });

  it('says so in the request language', async () => {
    const me = await person(t, { prefix: 'mover-zh' });
    me.client.language = 'zh-HK';
    const reply = await newEmailCode(me.client, uniqueEmail('free-zh'));
    expect(reply.message).toBe(CODE_SENT_IF_DELIVERABLE['zh-HK']);
  });

  it('limits a second request within 60 s alike, and the addresses one user may probe', async () => {
    const taken = await registered();
    const free = uniqueEmail('free');
    const me = await person(t, { prefix: 'prober' });
    await newEmailCode(me.client, taken);
    await newEmailCode(me.client, free);
    expect((await newEmailCode(me.client, taken)).code).toBe('EMAIL_CODE_TOO_FREQUENT_ERROR');
    expect((await newEmailCode(me.client, free)).code).toBe('EMAIL_CODE_TOO_FREQUENT_ERROR');
    const other = await person(t, { prefix: 'prober-2' });
    const codes: string[] = [];
    for (let i = 0; i <= EMAIL_CODE_LIMITS.newEmailPerUserPerHour; i += 1)
      codes.push((await newEmailCode(other.client, uniqueEmail(`probe${i}`))).code);
    expect(codes.slice(0, EMAIL_CODE_LIMITS.newEmailPerUserPerHour).every((c) => c === 'OK')).toBe(true);
    expect(codes.at(-1)).toBe('EMAIL_CODE_TOO_FREQUENT_ERROR');
  });
});

describe('forget_password does not tell which addresses have accounts', () => {
  async function ask(email: string) {
    const client = t.client();
    await solveCaptcha(client, 'forget_password', email);
    return sendCode(client, 'forget_password', email);
  }

  it('answers a second request within 60 s alike for a registered and an unknown address', async () => {
    const known = await registered();
    const unknown = uniqueEmail('ghost');
    const first = [await ask(known), await ask(unknown)];
    expect(first.map((r) => r.code)).toEqual(['OK', 'OK']);
    expect(first[0]!.message).toBe(CODE_SENT_IF_DELIVERABLE['en-US']);
    expect(first[1]!.message).toBe(first[0]!.message);
    const second = [await ask(known), await ask(unknown)];
    expect(second.map((r) => r.code)).toEqual([
      'EMAIL_CODE_TOO_FREQUENT_ERROR',
      'EMAIL_CODE_TOO_FREQUENT_ERROR',
    ]);
    expect(second[0]!.status).toBe(second[1]!.status);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });
});
