import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queueMails } from './mail.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

const stored = (to: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body', 'category', 'status'])
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();

describe('the outbox frame (made in SQL, for every mail)', () => {
  it('puts the anti-phishing line on top in the recipient language, escaped in the HTML', async () => {
    await queueMails(
      t.ctx.db,
      [
        {
          to: 'zh@example.test',
          subject: 'S',
          text: 'Body & more',
          category: 'c',
          antiPhishingCode: `A&B<i>"x'`,
          language: 'zh-CN',
        },
        { to: 'plain@example.test', subject: 'P', text: 'Plain <b>', category: 'c' },
        {
          to: 'empty@example.test',
          subject: 'E',
          text: 'T',
          html: '<p>own</p>',
          category: 'c',
          antiPhishingCode: '',
        },
      ],
      false,
    );
    expect(await stored('zh@example.test')).toEqual({
      subject: 'S',
      text_body: `您的防钓鱼码: A&B<i>"x'\n\nBody & more`,
      html_body: `<p><strong>您的防钓鱼码: A&amp;B&lt;i&gt;&quot;x&#39;</strong></p><pre>Body &amp; more</pre>`,
      category: 'c',
      status: 'stored',
    });
    expect(await stored('plain@example.test')).toMatchObject({
      text_body: 'Plain <b>',
      html_body: '<pre>Plain &lt;b&gt;</pre>',
    });
    expect(await stored('empty@example.test')).toMatchObject({ text_body: 'T', html_body: '<p>own</p>' });
  });

  it('falls back to English for a language it has no line in', async () => {
    await queueMails(
      t.ctx.db,
      [{ to: 'en@example.test', subject: 'S', text: 'T', category: 'c', antiPhishingCode: 'HERON' }],
      true,
    );
    expect(await stored('en@example.test')).toMatchObject({
      text_body: 'Your anti-phishing code: HERON\n\nT',
      status: 'pending',
    });
  });
});
