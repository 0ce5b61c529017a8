import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isLanguage } from '@keystead/contract';
import type { Database, Notification } from '../../db/schema';
import { outboxRows } from '../mail/mail.service';

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

/** Who is told: user ids, or a query of `user_id`s (read in the same statement as their mail settings). */
export type Recipients =
  readonly number[] | SelectQueryBuilder<Database, keyof Database, { user_id: number }>;

/**
 * Stores notifications inside the caller's transaction and announces them with NOTIFY, which
 * PostgreSQL delivers at commit to every server process (each pushes them to its open streams).
 * The e-mail copies honour each user's switch and carry their anti-phishing code. Two statements
 * however many people a step tells: the people (and, for a query, who they are), then the rows,
 * their announcements and the mails together.
 */
export async function notifyAll(
  trx: Kysely<Database>,
  inputs: readonly NewNotification[],
  smtpConfigured: boolean,
): Promise<void> {
  if (!inputs.length) return;
  const users = await usersToTell(trx, [...new Set(inputs.map((input) => input.userId))]);
  await writeNotifications(trx, inputs, users, smtpConfigured);
}

/** The same notification to each recipient, once each. */
export async function notifyEach(
  trx: Kysely<Database>,
  recipients: Recipients,
  notification: Omit<NewNotification, 'userId'>,
  smtpConfigured: boolean,
): Promise<void> {
  if (Array.isArray(recipients) && !recipients.length) return;
  const users = await usersToTell(trx, recipients);
  const inputs = users.map((user) => ({ ...notification, userId: user.id }));
  await writeNotifications(trx, inputs, users, smtpConfigured);
}

function usersToTell(trx: Kysely<Database>, recipients: Recipients) {
  return trx
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
    .where(
      'id',
      'in',
      Array.isArray(recipients) ? [...recipients] : (recipients as Exclude<Recipients, readonly number[]>),
    )
    .orderBy('id')
    .execute();
}

type UserToTell = Awaited<ReturnType<typeof usersToTell>>[number];

/**
 * One statement: the rows, a NOTIFY of each (the payload is presentNotification's, built by
 * PostgreSQL from the inserted row) and the mails of those whose switch is on.
 */
async function writeNotifications(
  trx: Kysely<Database>,
  inputs: readonly NewNotification[],
  users: readonly UserToTell[],
  smtpConfigured: boolean,
): Promise<void> {
  if (!inputs.length) return;
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
  const withRows = trx.with('inserted', (db) =>
    db
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
      .returningAll(),
  );
  // The mail CTE only when someone gets a mail (an insert needs a row); it adds no column.
  const withMails = mails.length
    ? (withRows.with('mailed', (db) =>
        db.insertInto('mail_outbox').values(outboxRows(mails, smtpConfigured)).returning('id'),
      ) as unknown as typeof withRows)
    : withRows;
  await withMails
    .selectFrom('inserted')
    .select(sql`pg_notify(${NOTIFY_CHANNEL}, ${ANNOUNCEMENT})`.as('announced'))
    .execute();
}

/** presentNotification of an inserted row, as JSON built in SQL (the NOTIFY payload). */
const ANNOUNCEMENT = sql`json_build_object(
  'user_id', inserted.user_id,
  'notification', json_build_object(
    'id', inserted.id, 'category', inserted.category, 'title', inserted.title, 'body', inserted.body,
    'organization_id', inserted.organization_id, 'organization_name', null,
    'wallet_name', inserted.wallet_name, 'task_number', inserted.task_number, 'link', inserted.link,
    'read', inserted.read_at is not null,
    'created_at', to_char(inserted.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text`;

/** One notification (notifyAll of one). */
export async function notify(
  trx: Kysely<Database>,
  input: NewNotification,
  smtpConfigured: boolean,
): Promise<void> {
  await notifyAll(trx, [input], smtpConfigured);
}
