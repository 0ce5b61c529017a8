import { sql, type Kysely } from 'kysely';
import { isLanguage } from '@keystead/contract';
import type { Database, Notification } from '../../db/schema';
import { queueMail } from '../mail/mail.service';

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
 * Stores a notification inside the caller's transaction and announces it with NOTIFY, which
 * PostgreSQL delivers at commit to every server process (each pushes it to its open streams).
 * The e-mail copy honours the user's switch and carries their anti-phishing code.
 */
export async function notify(
  trx: Kysely<Database>,
  input: NewNotification,
  smtpConfigured: boolean,
): Promise<void> {
  const row = await trx
    .insertInto('notifications')
    .values({
      user_id: input.userId,
      organization_id: input.organizationId,
      category: input.category,
      title: input.title,
      body: input.body,
      wallet_name: input.walletName ?? null,
      task_number: input.taskNumber ?? null,
      link: input.link ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const payload = JSON.stringify({ user_id: input.userId, notification: presentNotification(row) });
  await sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`.execute(trx);
  const user = await trx
    .selectFrom('users')
    .select(['email', 'anti_phishing_code', 'language_code', 'notify_space', 'notify_wallet', 'notify_task'])
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!user) return;
  const switchOn = { space: user.notify_space, wallet: user.notify_wallet, task: user.notify_task }[
    input.topic
  ];
  if (!switchOn) return;
  await queueMail(
    trx,
    {
      to: user.email,
      subject: input.title,
      text: input.linkUrl ? `${input.body}\n\n${input.linkUrl}` : input.body,
      category: `notification:${input.topic}`,
      antiPhishingCode: user.anti_phishing_code,
      language: isLanguage(user.language_code) ? user.language_code : 'en-US',
    },
    smtpConfigured,
  );
}
