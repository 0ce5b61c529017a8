import {
  markReadBody,
  notificationListQuery,
  notificationPageReply,
  markReadReply,
} from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { userCommandContext } from '../../lib/command-context';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { markNotificationsRead, notificationPage } from './notification-commands';
import { NOTIFY_CHANNEL } from './notification.service';
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
    async (request, reply) =>
      reply.ok(await notificationPage(ctx, userCommandContext(request), request.query)),
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
    async (request, reply) =>
      reply.ok(await markNotificationsRead(ctx, userCommandContext(request), request.body)),
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
