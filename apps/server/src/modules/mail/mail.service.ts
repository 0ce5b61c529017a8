import type { Kysely } from 'kysely';
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
  await db.insertInto('mail_outbox').values(outboxRows(mails, smtpConfigured)).execute();
}

/** The outbox rows of these mails (each with its anti-phishing line), for an insert of the caller's. */
export function outboxRows(mails: readonly OutgoingMail[], smtpConfigured: boolean) {
  return mails.map((mail) => {
    const prefix = mail.antiPhishingCode
      ? `${ANTI_PHISHING_LINE[mail.language ?? 'en-US']}: ${mail.antiPhishingCode}\n\n`
      : '';
    return {
      to_address: mail.to,
      subject: mail.subject,
      text_body: `${prefix}${mail.text}`,
      html_body: `${prefix ? `<p><strong>${escapeHtml(prefix.trim())}</strong></p>` : ''}${mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`}`,
      category: mail.category,
      status: smtpConfigured ? ('pending' as const) : ('stored' as const),
    };
  });
}
