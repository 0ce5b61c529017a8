import {
  transferListQuery,
  transferRecordsQuery,
  transferPageReply,
  onChainRecordPageReply,
} from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { PLANS } from '@keystead/contract';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { effectivePlan } from '../spaces/space-presenter';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import {
  cappedTotal,
  EXPORT_MAX_ROWS,
  presentRecord,
  recordQuery,
  transferQuery,
  viewerOf,
} from './transfer-lists';
import { withFundPurpose } from '../labels/transfer-labels';
import { listExtras } from './transfer-next';
import { presentTask } from './transfer-present';
import { signingExpiry } from './transfer-family';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };

function viewer(ctx: AppContext, request: Parameters<typeof requireSpace>[0]) {
  const { organization, member } = requireSpace(request);
  const { user } = requireUser(request);
  return viewerOf(ctx, organization.id, user.id, member.role);
}

/** §6: the advanced search (token, task number or address, period) needs a paid plan. */
function assertAdvancedSearch(
  request: Parameters<typeof requireSpace>[0],
  filters: {
    symbol?: string | undefined;
    keyword?: string | undefined;
    start_time?: Date | undefined;
    end_time?: Date | undefined;
  },
) {
  const advanced = filters.symbol || filters.keyword || filters.start_time || filters.end_time;
  if (advanced && !PLANS[effectivePlan(requireSpace(request).organization)].paidFeatures)
    throw new AppError('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
}

export async function transferListRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/transfer/list',
    {
      config: act,
      schema: {
        response: replies(transferPageReply),
        tags,
        querystring: transferListQuery,
        summary: 'Transfers: to do, all, pre-signed',
      },
    },
    async (request, reply) => {
      const { page, page_size, ...filters } = request.query;
      assertAdvancedSearch(request, filters);
      const who = await viewer(ctx, request);
      const query = transferQuery(ctx, who, filters);
      const [rows, total] = await Promise.all([
        query
          .selectAll('t')
          .orderBy('t.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        cappedTotal(ctx, query),
      ]);
      const extras = await listExtras(ctx.db, rows, {
        userId: who.userId,
        role: requireSpace(request).member.role,
      });
      const list = await withFundPurpose(
        ctx,
        who.organizationId,
        // Object.assign, not spreads: spreading a wide object into a literal is several times slower.
        rows.map((row) => Object.assign(presentTask(row, signingExpiry(ctx, row)), extras.get(row.id)!)),
      );
      return reply.ok({ list, page, page_size, ...total });
    },
  );

  app.get(
    '/transfer/list/export',
    {
      config: act,
      schema: {
        response: fileReplies('text/csv', 'The filtered transfers as CSV (UTF-8 with a BOM)'),
        tags,
        querystring: transferListQuery.omit({ page: true, page_size: true }),
        summary: 'CSV of the filtered transfer records',
      },
    },
    async (request, reply) => {
      assertAdvancedSearch(request, request.query);
      const who = await viewer(ctx, request);
      const rows = await transferQuery(ctx, who, request.query)
        .selectAll('t')
        .orderBy('t.id', 'desc')
        .limit(EXPORT_MAX_ROWS)
        .execute();
      const header = [
        'task_number',
        'created_at',
        'status',
        'wallet_id',
        'chain',
        'symbol',
        'amount',
        'to',
        'nonce',
        'tx_hash',
        'remark',
        'fund_purpose',
      ];
      const tasks = await withFundPurpose(
        ctx,
        who.organizationId,
        rows.map((task) => presentTask(task)),
      );
      return sendCsv(
        reply,
        `transfers-${who.organizationId}.csv`,
        header,
        tasks.map((t) => [
          t.task_number,
          t.ctime,
          t.status,
          t.wallet_id,
          t.chain_id,
          t.symbol,
          t.amount,
          t.to,
          t.nonce,
          t.hash,
          t.remark,
          t.fund_purpose?.name ?? null,
        ]),
      );
    },
  );

  app.get(
    '/transfer/records',
    {
      config: act,
      schema: {
        response: replies(onChainRecordPageReply),
        tags,
        querystring: transferRecordsQuery,
        summary: 'On-chain records: deposits in (1) and executed transfers out (2)',
      },
    },
    async (request, reply) => {
      const { page, page_size, ...filters } = request.query;
      const query = recordQuery(ctx, await viewer(ctx, request), filters);
      const [rows, count] = await Promise.all([
        query
          .orderBy('r.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return reply.ok({ list: rows.map(presentRecord), page, page_size, total: Number(count.n) });
    },
  );

  app.get(
    '/transfer/records/export',
    {
      config: act,
      schema: {
        response: fileReplies('text/csv', 'The on-chain records as CSV (UTF-8 with a BOM)'),
        tags,
        querystring: transferRecordsQuery.omit({ page: true, page_size: true }),
        summary: 'CSV of the on-chain records',
      },
    },
    async (request, reply) => {
      const who = await viewer(ctx, request);
      const rows = await recordQuery(ctx, who, request.query)
        .orderBy('r.id', 'desc')
        .limit(EXPORT_MAX_ROWS)
        .execute();
      const header = [
        'time',
        'direction',
        'wallet',
        'chain',
        'symbol',
        'amount',
        'from',
        'to',
        'tx_hash',
        'block',
      ];
      return sendCsv(
        reply,
        `onchain-records-${who.organizationId}.csv`,
        header,
        rows
          .map(presentRecord)
          .map((r) => [
            r.ctime,
            r.direction === 1 ? 'in' : 'out',
            r.wallet_name,
            r.chain_id,
            r.symbol,
            r.amount,
            r.from,
            r.to,
            r.tx_hash,
            r.block_number,
          ]),
      );
    },
  );
}
