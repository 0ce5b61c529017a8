import type { AppContext } from '../../context';

/** The newest mail in the dev outbox, optionally only mail to one address. */
export async function listMail(ctx: AppContext, to: string | undefined, limit: number) {
  let q = ctx.db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'category', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (to) q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
  return q.execute();
}

/** The newest captchas with their dev answers. */
export async function listCaptchas(ctx: AppContext, limit: number) {
  return ctx.db
    .selectFrom('captchas')
    .select(['id', 'category', 'email', 'dev_answer', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
