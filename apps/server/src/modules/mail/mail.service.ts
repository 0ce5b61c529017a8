import { sql, type Kysely } from 'kysely';
import type { Language } from '@keystead/contract';
import type { Database } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  category: string;
  /** The recipient's anti-phishing code: shown at the top of every mail once they set one. */
  antiPhishingCode?: string | null;
  language?: Language;
}

const ANTI_PHISHING_LINE: Record<Language, string> = {
  'en-US': 'Your anti-phishing code',
  'zh-CN': '您的防钓鱼码',
  'zh-HK': '您的防釣魚碼',
};

/**
 * Puts a mail in the outbox inside the caller's transaction, so a mail goes out exactly when
 * the command that caused it commits. The sender job (SMTP) or the dev mailbox takes it from there.
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  smtpConfigured: boolean,
): Promise<void> {
  await queueMails(db, [mail], smtpConfigured);
}

/** Several mails into the outbox in one statement (a step that tells several people). */
export async function queueMails(
  db: Kysely<Database>,
  mails: readonly OutgoingMail[],
  smtpConfigured: boolean,
): Promise<void> {
  if (!mails.length) return;
  const rows = mails.map(
    (mail) =>
      sql`(${mail.to}, ${mail.subject}, ${mail.text}, ${mailHtml(mail)}, ${mail.category},
           ${mail.antiPhishingCode ?? null}::text, ${mail.language ?? null}::text)`,
  );
  const framed = framedBodies('m');
  await sql`
    insert into mail_outbox (to_address, subject, text_body, html_body, category, status)
    select m.to_address, m.subject, ${framed.text}, ${framed.html}, m.category, ${outboxStatus(smtpConfigured)}
      from (values ${sql.join(rows)}) as m(to_address, subject, text, html, category, code, language)`.execute(
    db,
  );
}

/** A mail's HTML body before the frame: its own, or its text as preformatted HTML. */
export function mailHtml(mail: Pick<OutgoingMail, 'text' | 'html'>): string {
  return mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`;
}

/** Where a queued mail waits: for the SMTP sender, or stored for the dev mailbox. */
export function outboxStatus(smtpConfigured: boolean): 'pending' | 'stored' {
  return smtpConfigured ? 'pending' : 'stored';
}

/**
 * The outbox bodies with the recipient's anti-phishing line on top (once they set a code), in
 * their language, built in SQL: a step that tells people reads their codes and languages in the
 * statement that queues their mails (notification.service.ts). The one place the frame is made.
 * `source` names a row source with the columns code, language, text and html.
 */
export function framedBodies(source: string) {
  const columns = {
    code: sql.ref(`${source}.code`),
    language: sql.ref(`${source}.language`),
    text: sql.ref(`${source}.text`),
    html: sql.ref(`${source}.html`),
  };
  const lines = Object.entries(ANTI_PHISHING_LINE).map(
    ([language, line]) => sql`when ${language} then ${line}`,
  );
  const line = sql`case ${columns.language} ${sql.join(lines, sql` `)} else ${ANTI_PHISHING_LINE['en-US']} end`;
  // Null without a code, so the whole line drops out.
  const prefix = sql`(${line} || ': ' || nullif(${columns.code}, ''))`;
  const escaped = sql`replace(replace(replace(replace(replace(${prefix},
    '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
  return {
    text: sql<string>`coalesce(${prefix} || E'\n\n', '') || ${columns.text}`,
    html: sql<string>`coalesce('<p><strong>' || ${escaped} || '</strong></p>', '') || ${columns.html}`,
  };
}
