import { z } from 'zod';
import { isoTime, listOf, text } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { fileReplies, replies } from '../../lib/replies';
import { listCaptchas, listMail } from './mailbox-repository';

/** The dev-only replies (hidden from /api/docs; checked in tests like every other reply). */
const mailReply = listOf(
  z.object({
    id: z.number(),
    to_address: z.string(),
    subject: z.string(),
    text_body: z.string(),
    category: z.string(),
    status: z.enum(['pending', 'sent', 'failed', 'stored']),
    created_at: isoTime,
  }),
);
const captchaReply = listOf(
  z.object({
    id: z.string(),
    category: z.string(),
    email: z.string().nullable(),
    dev_answer: z.string().nullable(),
    created_at: isoTime,
  }),
);

const query = z.object({
  to: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Development only: the mail the platform "sent", as a page and as JSON (tests read codes here). */
export async function devMailboxRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/dev/mailbox/json',
    { schema: { querystring: query, hide: true, response: replies(mailReply) } },
    async (request, reply) => {
      const rows = await listMail(ctx, request.query.to, request.query.limit);
      return reply.ok({ list: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) });
    },
  );

  // The latest captchas with their answers, so browser tests can solve them (dev mode only).
  app.get(
    '/dev/captchas/json',
    { schema: { querystring: query, hide: true, response: replies(captchaReply) } },
    async (request, reply) => {
      const rows = await listCaptchas(ctx, request.query.limit);
      return reply.ok({ list: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) });
    },
  );

  app.get(
    '/dev/mailbox',
    {
      schema: {
        querystring: query,
        hide: true,
        response: fileReplies('text/html', 'The outbox as a page'),
      },
    },
    async (request, reply) => {
      const rows = await listMail(ctx, request.query.to, request.query.limit);
      const items = rows
        .map(
          (
            row,
          ) => `<article><header><strong>${escapeHtml(row.subject)}</strong> → ${escapeHtml(row.to_address)}
<small>${row.created_at.toISOString()} · ${escapeHtml(row.category)} · ${row.status}</small></header><pre>${escapeHtml(row.text_body)}</pre></article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Dev mailbox · Keystead</title>
<style>body{font:14px system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ddd;border-radius:6px;padding:.75rem;margin:.75rem 0}small{display:block;color:#666}pre{white-space:pre-wrap}</style>
<h1>Dev mailbox</h1><p>Mail sent while SMTP_URL is not set. Newest first. This page does not exist in production.</p>
${items || '<p>No mail yet.</p>'}</html>`);
    },
  );
}
