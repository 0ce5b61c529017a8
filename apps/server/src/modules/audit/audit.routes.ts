import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import { auditListQuery, auditPageReply, auditVerifyReply } from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import type { z } from 'zod';
import { sendCsv } from '../../lib/csv';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { verifyAuditChains } from './audit-verify';

const tags = ['audit'];
const EXPORT_MAX_ROWS = 100_000;
/** Filtered totals are counted up to this many rows; the list then says "10 000+". */
const COUNT_CAP = 10_000;

type Filters = Omit<z.infer<typeof auditListQuery>, 'page' | 'page_size'>;

function filtered(ctx: AppContext, organizationId: number, filters: Filters) {
  let query = ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.organization_id', '=', organizationId);
  if (filters.type) query = query.where('a.type', '=', filters.type);
  if (filters.operation) query = query.where('a.operation', '=', filters.operation);
  if (filters.user_id) query = query.where('a.user_id', '=', filters.user_id);
  if (filters.wallet_id)
    query = query.where(sql<boolean>`a.content->>'wallet_id' = ${String(filters.wallet_id)}`);
  if (filters.from) query = query.where('a.created_at', '>=', new Date(filters.from));
  if (filters.to) query = query.where('a.created_at', '<=', new Date(filters.to));
  return query;
}

function withColumns<
  T extends SelectQueryBuilder<
    Database & { a: Database['audit_log']; u: Database['users'] },
    'a' | 'u',
    object
  >,
>(query: T) {
  return query.select([
    'a.id',
    'a.type',
    'a.operation',
    'a.content',
    'a.ip',
    'a.location',
    'a.created_at',
    'a.user_id',
    'u.nickname',
    'u.email',
  ]);
}

/** The whole log's size is the last row's position in the chain: no count over 100 000 rows. */
async function chainLength(
  ctx: AppContext,
  organizationId: number,
): Promise<{ count: number; exact: boolean }> {
  const last = await ctx.db
    .selectFrom('audit_log')
    .select('seq')
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { count: last?.seq ?? 0, exact: true };
}

async function cappedCount(
  ctx: AppContext,
  organizationId: number,
  filters: Filters,
): Promise<{ count: number; exact: boolean }> {
  const inner = filtered(ctx, organizationId, filters)
    .select('a.id')
    .limit(COUNT_CAP + 1);
  const row = await ctx.db
    .selectFrom(inner.as('capped'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return count > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count, exact: true };
}

export async function auditRoutes(app: AppInstance, ctx: AppContext) {
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
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { page, page_size, ...filters } = request.query;
      const base = filtered(ctx, organization.id, filters);
      const unfiltered = Object.values(filters).every((value) => value === undefined);
      const [rows, total] = await Promise.all([
        withColumns(base)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        unfiltered ? chainLength(ctx, organization.id) : cappedCount(ctx, organization.id, filters),
      ]);
      const list = rows.map((row) => ({
        id: row.id,
        type: row.type,
        operation: row.operation,
        content: row.content,
        space_user: row.nickname ?? row.email ?? null,
        user_id: row.user_id,
        ip: row.ip,
        location: row.location,
        time: row.created_at.toISOString(),
      }));
      return reply.ok({ list, page, page_size, total: total.count, total_exact: total.exact });
    },
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
      const { organization } = requireSpace(request);
      const rows = await withColumns(filtered(ctx, organization.id, request.query))
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(EXPORT_MAX_ROWS)
        .execute();
      const header = ['time', 'type', 'operation', 'space_user', 'ip', 'location', 'content'];
      return sendCsv(
        reply,
        `audit-log-${organization.id}.csv`,
        header,
        rows.map((row) => [
          row.created_at.toISOString(),
          row.type,
          row.operation,
          row.nickname ?? row.email,
          row.ip,
          row.location,
          row.content,
        ]),
      );
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
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const report = await verifyAuditChains(ctx.db, organization.id);
      return reply.ok({
        intact: report.broken.length === 0,
        rows: report.rows,
        first_broken: report.broken[0] ?? null,
      });
    },
  );
}
