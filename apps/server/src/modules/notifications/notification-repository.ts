import { sql } from 'kysely';
import type { z } from 'zod';
import type { notificationListQuery } from '@keystead/contract';
import type { Db } from '../../db/database';

/** The notifications module's SQL for reading and marking (notify() in the service writes them). */

export type NotificationFilter = z.infer<typeof notificationListQuery>;

/** One page of the user's notifications under the filter, its total and the user's unread count. */
export async function listNotifications(db: Db, userId: number, filter: NotificationFilter) {
  const { tab, hide_read, keyword, page, page_size } = filter;
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('organizations as o', 'o.id', 'n.organization_id')
    .where('n.user_id', '=', userId);
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
    db
      .selectFrom('notifications')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), unread: Number(unread.n) };
}

/** Marks the user's unread notifications as read: all of them, or those with these ids. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') update = update.where('id', 'in', ids.length ? ids : [0]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
