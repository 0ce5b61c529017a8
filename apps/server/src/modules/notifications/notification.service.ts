import { sql, type Kysely } from 'kysely';
import { isLanguage } from '@keystead/contract';
import type { Database, Notification } from '../../db/schema';
import { queueMails } from '../mail/mail.service';

export const NOTIFY_CHANNEL = 'keystead_notifications';

/** Which e-mail switch of the user (§3 profile: space, wallet, task) governs the copy. */
export type NotificationTopic = 'space' | 'wallet' | 'task';

export interface NewNotification {
  userId: number;
  organizationId: number | null;
  category: 'transfer' | 'message';
  topic: NotificationTopic;
  title: string;
  body: string;
  walletName?: string | null;
  taskNumber?: string | null;
  /** The page it is about, as a path of the web app (`/task/12`). */
  link?: string | null;
  /** That page's full address for the e-mail copy (PUBLIC_URL + link). */
  linkUrl?: string | null;
}

export function presentNotification(row: Notification & { organization_name?: string | null }) {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    body: row.body,
    organization_id: row.organization_id,
    organization_name: row.organization_name ?? null,
    wallet_name: row.wallet_name,
    task_number: row.task_number,
    link: row.link,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Stores notifications inside the caller's transaction and announces them with NOTIFY, which
 * PostgreSQL delivers at commit to every server process (each pushes them to its open streams).
 * The e-mail copies honour each user's switch and carry their anti-phishing code. Four statements
 * however many people a step tells (rows, announcements, users, mails), not four per person.
 */
export async function notifyAll(
  trx: Kysely<Database>,
  inputs: readonly NewNotification[],
  smtpConfigured: boolean,
): Promise<void> {
  if (!inputs.length) return;
  const rows = await trx
    .insertInto('notifications')
    .values(
      inputs.map((input) => ({
        user_id: input.userId,
        organization_id: input.organizationId,
        category: input.category,
        title: input.title,
        body: input.body,
        wallet_name: input.walletName ?? null,
        task_number: input.taskNumber ?? null,
        link: input.link ?? null,
      })),
    )
    .returningAll()
    .execute();
  const payloads = rows.map((row) =>
    JSON.stringify({ user_id: row.user_id, notification: presentNotification(row) }),
  );
  await sql`select pg_notify(${NOTIFY_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.execute(
    trx,
  );
  const users = await trx
    .selectFrom('users')
    .select([
      'id',
      'email',
      'anti_phishing_code',
      'language_code',
      'notify_space',
      'notify_wallet',
      'notify_task',
    ])
    .where('id', 'in', [...new Set(inputs.map((input) => input.userId))])
    .execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  const mails = inputs.flatMap((input) => {
    const user = byId.get(input.userId);
    if (!user) return [];
    const switchOn = { space: user.notify_space, wallet: user.notify_wallet, task: user.notify_task }[
      input.topic
    ];
    if (!switchOn) return [];
    return [
      {
        to: user.email,
        subject: input.title,
        text: input.linkUrl ? `${input.body}\n\n${input.linkUrl}` : input.body,
        category: `notification:${input.topic}`,
        antiPhishingCode: user.anti_phishing_code,
        language: isLanguage(user.language_code) ? user.language_code : ('en-US' as const),
      },
    ];
  });
  await queueMails(trx, mails, smtpConfigured);
}

/** One notification (notifyAll of one). */
export async function notify(
  trx: Kysely<Database>,
  input: NewNotification,
  smtpConfigured: boolean,
): Promise<void> {
  await notifyAll(trx, [input], smtpConfigured);
}
