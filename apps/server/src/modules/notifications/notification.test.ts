import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notify, notifyAll } from './notification.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

/** Opens the SSE stream on a listening app and collects `notification` events. */
async function openStream(app: TestApp, cookie: string) {
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const response = await fetch(`${address}/api/v1/notification/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: Array<{ title: string }> = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(chunk)?.[1];
          if (chunk.startsWith('event: notification') && data) events.push(JSON.parse(data));
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, close: () => controller.abort() };
}

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

describe('notification centre', () => {
  it('lists by tab, hides read ones, searches, marks all read, and honours the e-mail switch', async () => {
    const someone = await person(t);
    await someone.client.put('/api/v1/user-profile/email-notifications', {
      space: false,
      wallet: true,
      task: true,
    });
    await t.ctx.db.transaction().execute(async (trx) => {
      await notify(
        trx,
        {
          userId: someone.userId,
          organizationId: null,
          category: 'transfer',
          topic: 'task',
          title: 'Task T-1001 needs your signature',
          body: 'Sign it',
          taskNumber: 'T-1001',
          walletName: 'Hot wallet',
        },
        false,
      );
      await notify(
        trx,
        {
          userId: someone.userId,
          organizationId: null,
          category: 'message',
          topic: 'space',
          title: 'Welcome',
          body: 'Hello',
        },
        false,
      );
    });
    const all = await someone.client.get<{ list: Array<{ id: number }>; unread_count: number }>(
      '/api/v1/notification',
    );
    expect(all.data.unread_count).toBe(2);
    const transfers = await someone.client.get<{ list: Array<{ title: string }> }>('/api/v1/notification', {
      tab: 'transfer',
    });
    expect(transfers.data.list.map((n) => n.title)).toEqual(['Task T-1001 needs your signature']);
    const search = await someone.client.get<{ list: Array<{ title: string }> }>('/api/v1/notification', {
      keyword: 'hot wal',
    });
    expect(search.data.list).toHaveLength(1);
    await someone.client.post('/api/v1/notification/read', { ids: [all.data.list[0]!.id] });
    const unread = await someone.client.get<{ list: unknown[] }>('/api/v1/notification', {
      hide_read: 'true',
    });
    expect(unread.data.list).toHaveLength(1);
    await someone.client.post('/api/v1/notification/read', { all: true });
    expect(
      (await someone.client.get<{ unread_count: number }>('/api/v1/notification')).data.unread_count,
    ).toBe(0);
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('category')
      .where('to_address', '=', someone.email)
      .execute();
    expect(mails.map((m) => m.category)).toContain('notification:task');
    expect(mails.map((m) => m.category)).not.toContain('notification:space');
  });

  it("tells several people in one go: a notification each, a mail by each one's switch and code", async () => {
    const [first, second, third] = await Promise.all([person(t), person(t), person(t)]);
    await t.ctx.db.updateTable('users').set({ notify_task: false }).where('id', '=', second.userId).execute();
    await t.ctx.db
      .updateTable('users')
      .set({ anti_phishing_code: 'BLUE-HERON' })
      .where('id', '=', third.userId)
      .execute();
    const people = [first, second, third];
    await t.ctx.db.transaction().execute((trx) =>
      notifyAll(
        trx,
        people.map((who) => ({
          userId: who.userId,
          organizationId: null,
          category: 'transfer' as const,
          topic: 'task' as const,
          title: 'Transfer T-2002 needs you',
          body: 'It waits for your approval.',
          linkUrl: 'https://keystead.example/task/2002',
        })),
        false,
      ),
    );
    for (const who of people) {
      const list = await who.client.get<{ list: Array<{ title: string }> }>('/api/v1/notification');
      expect(list.data.list.map((n) => n.title)).toEqual(['Transfer T-2002 needs you']);
    }
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('subject', '=', 'Transfer T-2002 needs you')
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([first.email, third.email].sort());
    const coded = mails.find((mail) => mail.to_address === third.email)!;
    expect(coded.text_body).toContain('BLUE-HERON');
    expect(coded.text_body).toContain('https://keystead.example/task/2002');
    expect(mails.find((mail) => mail.to_address === first.email)!.text_body).not.toContain('BLUE-HERON');
  });

  it('pushes a new notification live to an open stream', async () => {
    const owner = await person(t, { mfa: true });
    await createSpace(owner);
    const invitee = await person(t);
    const stream = await openStream(t, `ks_session=${invitee.client.cookies.get('ks_session')}`);
    try {
      await owner.client.post('/api/v1/organization/invite', { emails: invitee.email, role: 0 });
      await waitFor(() => stream.events.length === 1);
      expect(stream.events[0]!.title).toContain('Invitation');
      // The pushed payload (built by PostgreSQL) is the listed notification (but the space's name).
      const listed = await invitee.client.get<{ list: Array<Record<string, unknown>> }>(
        '/api/v1/notification',
      );
      const { organization_name: _pushedName, ...pushed } = stream.events[0] as Record<string, unknown>;
      const { organization_name: _listedName, ...first } = listed.data.list[0]!;
      expect(pushed).toEqual(first);
    } finally {
      stream.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'reaches a stream held by another server process (PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const second = await createTestApp({}, { chains: [], sharedSchemaOf: t });
      try {
        const someone = await person(t);
        const stream = await openStream(second, `ks_session=${someone.client.cookies.get('ks_session')}`);
        try {
          await t.ctx.db.transaction().execute((trx) =>
            notify(
              trx,
              {
                userId: someone.userId,
                organizationId: null,
                category: 'message',
                topic: 'space',
                title: 'From process one',
                body: '...',
              },
              false,
            ),
          );
          await waitFor(() => stream.events.some((event) => event.title === 'From process one'));
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
      }
    },
  );
});
