import { sql } from 'kysely';
import {
  markReadBody,
  notificationListQuery,
  notificationPageReply,
  markReadReply,
} from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { NOTIFY_CHANNEL, presentNotification } from './notification.service';
import { NotificationHub } from './notification-hub';

const tags = ['notification'];
const KEEP_ALIVE_MS = 25_000;

export async function notificationRoutes(app: AppInstance, ctx: AppContext) {
  const hub = new NotificationHub();
  const openStreams = new Set<() => void>();
  const unlisten = await ctx.database.listen(NOTIFY_CHANNEL, (payload) => hub.dispatch(payload));
  app.addHook('onClose', async () => {
    for (const end of openStreams) end();
    await unlisten();
  });

  app.get(
    '/notification',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(notificationPageReply),
        tags,
        querystring: notificationListQuery,
        summary: 'Notification centre: tabs, hide read, search',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { tab, hide_read, keyword, page, page_size } = request.query;
      let query = ctx.db
        .selectFrom('notifications as n')
        .leftJoin('organizations as o', 'o.id', 'n.organization_id')
        .where('n.user_id', '=', user.id);
      if (tab !== 'all') query = query.where('n.category', '=', tab);
      if (hide_read === 'true') query = query.where('n.read_at', 'is', null);
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb('n.wallet_name', 'ilike', like),
            eb('n.task_number', 'ilike', like),
            eb('o.name', 'ilike', like),
            eb('n.title', 'ilike', like),
          ]),
        );
      }
      const [rows, total, unread] = await Promise.all([
        query
          .selectAll('n')
          .select('o.name as organization_name')
          .orderBy('n.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('notifications')
          .select(sql<number>`count(*)`.as('n'))
          .where('user_id', '=', user.id)
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return reply.ok({
        list: rows.map(presentNotification),
        page,
        page_size,
        total: Number(total.n),
        unread_count: Number(unread.n),
      });
    },
  );

  app.post(
    '/notification/read',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(markReadReply),
        tags,
        body: markReadBody,
        summary: 'Mark some or all as read',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      let update = ctx.db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('user_id', '=', user.id)
        .where('read_at', 'is', null);
      if (!request.body.all)
        update = update.where('id', 'in', request.body.ids?.length ? request.body.ids : [0]);
      const result = await update.executeTakeFirst();
      return reply.ok({ updated: Number(result.numUpdatedRows) });
    },
  );

  /** Server-sent events: one `notification` event per new notification of the signed-in user. */
  app.get(
    '/notification/stream',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: fileReplies(
          'text/event-stream',
          'Server-sent events: one `notification` event (a notification item as JSON) per new notification',
        ),
        tags,
        summary: 'Live notifications (text/event-stream)',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const unsubscribe = hub.subscribe(user.id, (event, data) =>
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      );
      const timer = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const close = () => {
        clearInterval(timer);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      openStreams.add(end);
      request.raw.on('close', close);
    },
  );
}
