import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  allowResend,
  loginWithEmailCode,
  readCode,
  registerUser,
  sendCode,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { sealPending } from '../audit/audit-sealer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

async function signedIn(): Promise<{ client: TestClient; email: string }> {
  const email = uniqueEmail('profile');
  const client = t.client();
  await registerUser(t, client, email);
  return { client, email };
}

const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ff5cc2d40000000049454e44ae426082',
  'hex',
);

function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; content: Buffer },
) {
  const boundary = '----keystead-test-boundary';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function patchForm(client: TestClient, form: ReturnType<typeof multipart>) {
  return client.request('PATCH', '/api/v1/user/base-info', form.body, { 'content-type': form.contentType });
}

describe('profile', () => {
  it('edits nickname and currency; nickname is required', async () => {
    const { client } = await signedIn();
    const ok = await client.patch<{ nickname: string; currency: string }>('/api/v1/user/base-info', {
      nickname: 'Alice',
      currency: 'HKD',
    });
    expect(ok.data).toMatchObject({ nickname: 'Alice', currency: 'HKD' });
    const empty = await client.patch('/api/v1/user/base-info', { nickname: '   ' });
    expect(empty.code).toBe('PARAMS_REQUIRED_ERROR');
    const long = await client.patch('/api/v1/user/base-info', { nickname: 'x'.repeat(31) });
    expect(long.code).toBe('PARAMS_INVALID_ERROR');
  });

  it('accepts an avatar by its content and refuses a disguised file', async () => {
    const { client } = await signedIn();
    const good = await patchForm(
      client,
      multipart(
        { nickname: 'Pic' },
        { name: 'avatar', filename: 'me.txt', type: 'text/plain', content: PNG_1PX },
      ),
    );
    expect(good.code).toBe('OK');
    const url = (good.data as { avatar_url: string }).avatar_url;
    const image = await client.get(url);
    expect(image.headers['content-type']).toBe('image/png');
    const fake = await patchForm(
      client,
      multipart(
        {},
        {
          name: 'avatar',
          filename: 'evil.png',
          type: 'image/png',
          content: Buffer.from('<script>alert(1)</script>'),
        },
      ),
    );
    expect(fake.code).toBe('AVATAR_FORMAT_ERROR');
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await patchForm(
      client,
      multipart({}, { name: 'avatar', filename: 'big.png', type: 'image/png', content: big }),
    );
    expect(['AVATAR_FORMAT_ERROR', 'REQUEST_BODY_TOO_LARGE_ERROR']).toContain(tooBig.code);
  });

  it('saves the language and answers in it when the client names none', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/v1/language', { code: 'zh-CN' })).code).toBe('OK');
    const reply = await client.request('GET', '/api/v1/user/base-info', undefined, { language: '' });
    expect(reply.message).toBe('成功');
    expect((await client.post('/api/v1/language', { code: 'fr-FR' })).code).toBe('PARAMS_INVALID_ERROR');
  });

  it('keeps notification switches', async () => {
    const { client } = await signedIn();
    await client.put('/api/v1/user-profile/email-notifications', { space: false, wallet: true, task: false });
    const read = await client.get('/api/v1/user-profile/email-notifications');
    expect(read.data).toEqual({ space: false, wallet: true, task: false });
  });
});

describe('account security', () => {
  it('changes the password with the old one and an e-mail code, signing other sessions out', async () => {
    const { client, email } = await signedIn();
    const other = t.client();
    await loginWithEmailCode(t, other, email);
    await loginWithEmailCode(t, client, email);
    await allowResend(t, email);
    await sendCode(client, 'reset_password');
    const code = await readCode(t, email);
    const wrongOld = await client.post('/api/v1/reset-password', {
      old_password: 'Nope-nope-1',
      password: 'Next-Pass-77',
      email_code: code,
    });
    expect(wrongOld.code).toBe('UCS_USER_PASSWORD_MISTAKE');
    const ok = await client.post('/api/v1/reset-password', {
      old_password: PASSWORD,
      password: 'Next-Pass-77',
      email_code: code,
    });
    expect(ok.code).toBe('OK');
    expect((await client.get('/api/v1/user/base-info')).code).toBe('OK');
  });

  it('changes the e-mail with codes to both addresses', async () => {
    const { client, email } = await signedIn();
    const next = uniqueEmail('moved');
    await allowResend(t, email);
    await sendCode(client, 'edit_email');
    await sendCode(client, 'edit_new_email', next);
    const reply = await client.post('/api/v1/user/email', {
      email: next,
      email_code: await readCode(t, email),
      new_email_code: await readCode(t, next),
    });
    expect(reply.code).toBe('OK');
    expect((await client.get<{ email: string }>('/api/v1/user/base-info')).data.email).toBe(next);
  });

  it('puts the anti-phishing code in every later mail', async () => {
    const { client, email } = await signedIn();
    await allowResend(t, email);
    await sendCode(client, 'edit_anti_fishing');
    const set = await client.post('/api/v1/user/anti-fishing-code', {
      code: 'BlueFalcon42',
      email_code: await readCode(t, email),
    });
    expect(set.code).toBe('OK');
    await allowResend(t, email);
    await sendCode(client, 'reset_password');
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('BlueFalcon42');
  });

  it('needs a session for signed-in purposes', async () => {
    const reply = await sendCode(t.client(), 'bind_mfa');
    expect(reply.code).toBe('UCS_USER_AUTHENTICATION');
  });
});

describe('audit trail of account events', () => {
  it('writes hash-chained rows in the same transaction as the change', async () => {
    const { client, email } = await signedIn();
    await client.patch('/api/v1/user/base-info', { nickname: 'Audited' });
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // The sealer links rows after commit; here it is run now rather than waited for.
    await sealPending(t.ctx.db, t.ctx.config.auditKey);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.operation)).toEqual(['register', 'profile_update']);
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
  });
});
