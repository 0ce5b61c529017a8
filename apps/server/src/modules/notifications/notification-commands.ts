import type { z } from 'zod';
import type { markReadBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { UserCommandContext } from '../../lib/command-context';
import { listNotifications, markRead, type NotificationFilter } from './notification-repository';
import { presentNotification } from './notification.service';

/** The user's notification centre: one page, its total and the unread count. */
export async function notificationPage(
  ctx: AppContext,
  actor: UserCommandContext,
  filter: NotificationFilter,
) {
  const { rows, total, unread } = await listNotifications(ctx.db, actor.user.id, filter);
  return {
    list: rows.map(presentNotification),
    page: filter.page,
    page_size: filter.page_size,
    total,
    unread_count: unread,
  };
}

/** Marks some (ids) or all of the user's notifications as read. */
export async function markNotificationsRead(
  ctx: AppContext,
  actor: UserCommandContext,
  input: z.infer<typeof markReadBody>,
): Promise<{ updated: number }> {
  const updated = await markRead(ctx.db, actor.user.id, input.all ? 'all' : (input.ids ?? []));
  return { updated };
}
