/**
 * Served over https (PUBLIC_URL https://…), every cookie the platform sets is Secure — the
 * captcha and last-space cookies too, not only the session's; over plain http none is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, person } from '../../test/space-helpers';
import { createTestApp, type Reply, type TestApp } from '../../test/test-app';

const setCookie = (reply: Reply, name: string): string | undefined =>
  [reply.headers['set-cookie'] ?? []].flat().find((line) => String(line).startsWith(`${name}=`)) as
    string | undefined;

describe.each([
  { url: 'https://keystead.example', secure: true },
  { url: undefined, secure: false },
])('cookies with PUBLIC_URL=$url', ({ url, secure }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url ? { PUBLIC_URL: url } : {}, { chains: [] });
  });
  afterAll(() => t?.close());

  it(`the captcha and the last space entered are ${secure ? '' : 'not '}Secure`, async () => {
    const captcha = await t.client().get('/api/v1/captcha', { category: 'register' });
    const captchaCookie = setCookie(captcha, 'ks_captcha');
    expect(captchaCookie).toBeDefined();
    expect(/;\s*Secure/i.test(captchaCookie!)).toBe(secure);

    const owner = await person(t, { mfa: true });
    const spaceId = await createSpace(owner, 'Cookies');
    const entered = await owner.client.post('/api/v1/organization/enter', { organization_id: spaceId });
    expect(entered.code).toBe('OK');
    const lastSpace = setCookie(entered, 'ks_last_space');
    expect(lastSpace).toBeDefined();
    expect(/;\s*Secure/i.test(lastSpace!)).toBe(secure);
  });
});
