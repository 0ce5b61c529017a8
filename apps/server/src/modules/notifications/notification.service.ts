import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, Notification } from '../../db/schema';
import { framedBodies, mailHtml, outboxStatus } from '../mail/mail.service';

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
 * The e-mail copies honour each user's switch and carry their anti-phishing code. One statement
 * however many people a step tells: the people's mail settings are read in it.
 */
export async function notifyAll(
  trx: Kysely<Database>,
  inputs: readonly NewNotification[],
  smtpConfigured: boolean,
): Promise<void> {
  if (!inputs.length) return;
  const people = [...new Set(inputs.map((input) => input.userId))];
  await writeNotifications(trx, people, inputs, smtpConfigured);
}

/** The same notification to each recipient, once each. */
export async function notifyEach(
  trx: Kysely<Database>,
  recipients: Recipients,
  notification: Omit<NewNotification, 'userId'>,
  smtpConfigured: boolean,
): Promise<void> {
  if (Array.isArray(recipients) && !recipients.length) return;
  await writeNotifications(trx, recipients, [{ ...notification, userId: null }], smtpConfigured);
}

/**
 * One statement: the people (and, for a query, who they are) with their mail settings, the
 * notifications (an input for a user, or with no user one for each person), a NOTIFY of each (the
 * payload is presentNotification's, built by PostgreSQL from the inserted row) and the mails of
 * those whose switch is on, framed with their anti-phishing code in their language.
 */
async function writeNotifications(
  trx: Kysely<Database>,
  recipients: Recipients,
  inputs: readonly (Omit<NewNotification, 'userId'> & { userId: number | null })[],
  smtpConfigured: boolean,
): Promise<void> {
  const people = Array.isArray(recipients)
    ? sql.join(recipients.map((id) => sql`${id}::bigint`))
    : (recipients as Exclude<Recipients, readonly number[]>);
  const rows = inputs.map((input, position) => {
    const mailText = input.linkUrl ? `${input.body}\n\n${input.linkUrl}` : input.body;
    return sql`(${position}::int, ${input.userId}::bigint, ${input.organizationId}::bigint,
      ${input.category}, ${input.topic}, ${input.title}, ${input.body}, ${input.walletName ?? null}::text,
      ${input.taskNumber ?? null}::text, ${input.link ?? null}::text, ${mailText}, ${mailHtml({ text: mailText })})`;
  });
  const framed = framedBodies('told');
  await sql`
    with told as (
      select p.id as user_id, p.email, p.anti_phishing_code as code, p.language_code as language,
             case i.topic when 'space' then p.notify_space when 'wallet' then p.notify_wallet
                          else p.notify_task end as mailed,
             i.position, i.organization_id, i.category, i.topic, i.title, i.body, i.wallet_name,
             i.task_number, i.link, i.text, i.html
        from users p
        join (values ${sql.join(rows)}) as i(position, user_id, organization_id, category, topic, title,
              body, wallet_name, task_number, link, text, html)
          on i.user_id = p.id or i.user_id is null
       where p.id in (${people})
    ),
    inserted as (
      insert into notifications (user_id, organization_id, category, title, body, wallet_name, task_number, link)
      select user_id, organization_id, category, title, body, wallet_name, task_number, link
        from told order by position, user_id
      returning *
    ),
    mailed as (
      insert into mail_outbox (to_address, subject, text_body, html_body, category, status)
      select told.email, told.title, ${framed.text}, ${framed.html}, 'notification:' || told.topic,
             ${outboxStatus(smtpConfigured)}
        from told where told.mailed
      returning id
    )
    select pg_notify(${NOTIFY_CHANNEL}, ${ANNOUNCEMENT}) as announced from inserted`.execute(trx);
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
