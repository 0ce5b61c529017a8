import {
  broadcastScheduleReply,
  maxAmountBody,
  traceBody,
  broadcastReply,
  maxAmountReply,
  taskIdQuery,
  taskScheduleReply,
  recordCostPriceBody,
  recordNoteReply,
  recordRemarkBody,
  transferRecordInfoReply,
  transferRecordQuery,
  singleFeeEstimateBody,
  singleFeeEstimateReply,
  taskSignaturesQuery,
  taskSignaturesReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { maxAmount } from './transfer-max';
import { singleFeeEstimate } from './transfer-fee-estimate';
import { loadTransfer } from './transfer-access';
import { taskSignatures } from './transfer-repository';
import { traceTransfer } from './transfer-trace';
import { noteRecord } from './record-notes';
import { broadcastSchedule, taskSchedule, transferRecordInfo } from './transfer-progress';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };

/** §7 progress reads: a transfer's steps, its broadcast attempts, and one on-chain record. */
export async function transferProgressRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/task/schedule',
    {
      config: act,
      schema: {
        response: replies(taskScheduleReply),
        tags,
        querystring: taskIdQuery,
        summary: "A transfer's steps: created, approval, signing, broadcast, on chain, completed",
      },
    },
    async (request, reply) =>
      reply.ok(await taskSchedule(ctx, commandContext(request), request.query.task_id)),
  );

  app.get(
    '/broadcast-schedule',
    {
      config: act,
      schema: {
        response: replies(broadcastScheduleReply),
        tags,
        querystring: taskIdQuery,
        summary: "A transfer's broadcast attempts",
      },
    },
    async (request, reply) =>
      reply.ok(await broadcastSchedule(ctx, commandContext(request), request.query.task_id)),
  );

  app.get(
    '/transfer/info',
    {
      config: act,
      schema: {
        response: replies(transferRecordInfoReply),
        tags,
        querystring: transferRecordQuery,
        summary: 'One on-chain record: hash, block, confirmations, fee paid, direction',
      },
    },
    async (request, reply) =>
      reply.ok(await transferRecordInfo(ctx, commandContext(request), request.query.id)),
  );

  app.patch(
    '/transfer/remark',
    {
      config: act,
      schema: {
        response: replies(recordNoteReply),
        tags,
        body: recordRemarkBody,
        summary: "An on-chain record's remark (operators of its wallet and admins; audited)",
      },
    },
    async (request, reply) =>
      reply.ok(
        await noteRecord(ctx, commandContext(request), request.body.id, { remark: request.body.remark }),
      ),
  );

  app.patch(
    '/transfer/cost-price',
    {
      config: act,
      schema: {
        response: replies(recordNoteReply),
        tags,
        body: recordCostPriceBody,
        summary:
          "An on-chain record's cost price in USD per unit (operators of its wallet and admins; audited)",
      },
    },
    async (request, reply) =>
      reply.ok(
        await noteRecord(ctx, commandContext(request), request.body.id, {
          cost_price: request.body.cost_price,
        }),
      ),
  );

  app.post(
    '/fee/estimate/max',
    {
      config: act,
      schema: {
        response: replies(maxAmountReply),
        tags,
        body: maxAmountBody,
        summary: 'The largest amount the wallet can send now, after what active transfers hold and the fee',
      },
    },
    async (request, reply) => reply.ok(await maxAmount(ctx, commandContext(request), request.body)),
  );

  app.get(
    '/sign',
    {
      config: act,
      schema: {
        response: replies(taskSignaturesReply),
        tags,
        querystring: taskSignaturesQuery,
        summary: 'Who has signed a transfer, with which key, against its threshold',
      },
    },
    async (request, reply) => {
      const { task } = await loadTransfer(ctx, commandContext(request), request.query.task_id);
      const signatures = await taskSignatures(ctx.db, task.id);
      return reply.ok({
        task_id: task.id,
        threshold: task.signing_threshold ?? 0,
        list: signatures.map((s) => ({
          user_id: s.user_id,
          signer: s.signer,
          kind: s.kind,
          created_at: s.created_at.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/fee/single-estimate',
    {
      config: act,
      schema: {
        response: replies(singleFeeEstimateReply),
        tags,
        body: singleFeeEstimateBody,
        summary: 'What one transfer would cost at each fee tier now, in the coin and in USD',
      },
    },
    async (request, reply) => reply.ok(await singleFeeEstimate(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/task/tracer',
    {
      config: act,
      schema: {
        response: replies(broadcastReply),
        tags,
        body: traceBody,
        summary:
          'Follow a transaction the user sent from outside: recorded once the chain shows it executing this transfer',
      },
    },
    async (request, reply) => reply.ok(await traceTransfer(ctx, commandContext(request), request.body)),
  );
}
