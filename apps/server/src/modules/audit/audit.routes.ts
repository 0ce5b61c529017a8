import { auditListQuery, auditPageReply, auditVerifyReply } from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import { sendCsv } from '../../lib/csv';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { inSpace } from '../../plugins/access-rules';
import { startAuditSealer } from './audit-sealer';
import { auditLogExport, auditLogPage, auditLogVerification } from './audit-queries';

const tags = ['audit'];

export async function auditRoutes(app: AppInstance, ctx: AppContext) {
  // Links and hashes the rows commands append, after their commit (audit-sealer.ts).
  const stopSealer = await startAuditSealer(ctx.database, ctx.config.auditKey, (error) =>
    ctx.log.error({ err: error }, 'audit sealing failed; retrying'),
  );
  app.addHook('onClose', stopSealer);

  app.get(
    '/audit-log',
    {
      config: { access: inSpace('audit.view') },
      schema: {
        response: replies(auditPageReply),
        tags,
        querystring: auditListQuery,
        summary: 'Audit log of the space, newest first',
      },
    },
    async (request, reply) => reply.ok(await auditLogPage(ctx, commandContext(request), request.query)),
  );

  app.get(
    '/audit-log/export',
    {
      config: { access: inSpace('audit.view') },
      schema: {
        response: fileReplies('text/csv', 'The filtered audit log as CSV (UTF-8 with a BOM)'),
        tags,
        querystring: auditListQuery.omit({ page: true, page_size: true }),
        summary: 'CSV export of the filtered audit log',
      },
    },
    async (request, reply) => {
      const csv = await auditLogExport(ctx, commandContext(request), request.query, request.lang);
      return sendCsv(reply, csv.filename, csv.header, csv.rows);
    },
  );

  app.get(
    '/audit-log/verify',
    {
      config: { access: inSpace('audit.view') },
      schema: {
        response: replies(auditVerifyReply),
        tags,
        summary: 'Checks the hash chain and names the first broken link',
      },
    },
    async (request, reply) => reply.ok(await auditLogVerification(ctx, commandContext(request))),
  );
}
