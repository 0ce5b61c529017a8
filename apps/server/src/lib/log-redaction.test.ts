/**
 * Log lines carry no secrets: query-string tokens, codes and e-mail addresses are hidden in
 * logged URLs, and a database error is logged without the statement's parameter values.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { redactUrl } from './log-redaction';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
let t: TestApp;
const SECRET = 'secret\u0000nickname';

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      chains: [],
      logStream: sink,
      // Validation keeps a NUL byte away from the database (text-fields.test.ts); this route
      // hands one to it directly, which refuses it: an unhandled error with a parameter.
      setup: (app) =>
        app.get('/test/database-error', async () => {
          await t.ctx.db.selectFrom('users').select('id').where('nickname', '=', SECRET).execute();
        }),
    },
  );
});
afterAll(() => t?.close());

describe('log redaction', () => {
  it('hides tokens, codes and e-mail addresses in query strings, keeps the rest', () => {
    expect(redactUrl('/api/v1/organization/org-invite-info?token=abc123&page=2')).toBe(
      '/api/v1/organization/org-invite-info?token=%5Bredacted%5D&page=2',
    );
    expect(redactUrl('/x?who=alice%40example.com&email_code=123456')).not.toMatch(/alice|123456/);
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('a request with an invitation token and an e-mail leaves neither in the log', async () => {
    await t.client().get('/api/v1/organization/org-invite-info', {
      token: 'invitation-token-4f7a9c',
      email: 'invitee@example.com',
    });
    const log = lines.join('');
    expect(log).toContain('org-invite-info');
    expect(log).not.toContain('invitation-token-4f7a9c');
    expect(log).not.toContain('invitee@example.com');
  });

  it('a database error is logged without the values it was given', async () => {
    lines.length = 0;
    const reply = await t.app.inject({ method: 'GET', url: '/test/database-error' });
    expect(reply.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).not.toContain('secret\\u0000nickname');
    expect(log).toMatch(/"level":50/); // the unhandled error was logged
    expect(log).not.toMatch(/"(parameters|params)"/);
  });
});
