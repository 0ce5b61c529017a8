import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { AppContext } from '../context';

const BATCH = 20;
const MAX_ATTEMPTS = 5;

/**
 * Sends pending outbox rows over SMTP. Rows are claimed with FOR UPDATE SKIP LOCKED so any
 * number of server processes can run this loop without sending a mail twice.
 */
export function startMailSender(ctx: AppContext, intervalMs = 2000): () => void {
  if (!ctx.config.SMTP_URL) return () => undefined;
  const transport = nodemailer.createTransport(ctx.config.SMTP_URL);
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await sendBatch(ctx, transport);
    } catch (error) {
      ctx.log.error({ err: error }, 'mail sender batch failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    transport.close();
  };
}

async function sendBatch(ctx: AppContext, transport: Transporter): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of rows) {
      try {
        await transport.sendMail({
          from: ctx.config.MAIL_FROM,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
        });
        await trx
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: sql`now()` as never, attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const attempts = row.attempts + 1;
        await trx
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: (error as Error).message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  });
}
