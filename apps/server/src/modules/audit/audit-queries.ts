import type { z } from 'zod';
import type { auditListQuery } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import type { Language } from '@keystead/contract';
import { verifyAuditChains } from './audit-verify';
import { auditSentence, auditTaskNumber } from './audit-words';
import { auditPage, auditRows, type AuditFilters } from './audit-repository';

const EXPORT_MAX_ROWS = 100_000;

/** One page of the space's audit log, newest first. */
export async function auditLogPage(
  ctx: AppContext,
  actor: CommandContext,
  query: z.infer<typeof auditListQuery>,
) {
  const { page, page_size, ...filters } = query;
  const { rows, total } = await auditPage(ctx.db, actor.organization.id, { page, page_size }, filters);
  const list = rows.map((row) => ({
    id: row.id,
    type: row.type,
    operation: row.operation,
    content: row.content,
    wallet_name: row.wallet_name,
    task_number: auditTaskNumber(row.content),
    space_user: row.nickname ?? row.email ?? null,
    user_id: row.user_id,
    ip: row.ip,
    location: row.location,
    time: row.created_at.toISOString(),
  }));
  return { list, page, page_size, total: total.count, total_exact: total.exact };
}

/**
 * The filtered log as CSV (at most 100 000 rows): each row also in words in the caller's
 * language, with the wallet's name and the transfer's number; content keeps the raw record.
 */
export async function auditLogExport(
  ctx: AppContext,
  actor: CommandContext,
  filters: AuditFilters,
  language: Language,
) {
  const rows = await auditRows(ctx.db, actor.organization.id, filters, EXPORT_MAX_ROWS);
  return {
    filename: `audit-log-${actor.organization.id}.csv`,
    header: [
      'time',
      'type',
      'operation',
      'action',
      'wallet',
      'transfer',
      'space_user',
      'ip',
      'location',
      'content',
    ],
    rows: rows.map((row) => {
      const user = row.nickname ?? row.email;
      return [
        row.created_at.toISOString(),
        row.type,
        row.operation,
        auditSentence({ ...row, actor: user }, language),
        row.wallet_name,
        auditTaskNumber(row.content),
        user,
        row.ip,
        row.location,
        row.content,
      ];
    }),
  };
}

/** Checks the space's hash chain and its signed checkpoint; names every broken row. */
export async function auditLogVerification(ctx: AppContext, actor: CommandContext) {
  const report = await verifyAuditChains(ctx.db, ctx.config.auditKey, actor.organization.id);
  return {
    intact: report.broken.length === 0,
    rows: report.rows,
    first_broken: report.broken[0] ?? null,
    broken: report.broken,
  };
}
