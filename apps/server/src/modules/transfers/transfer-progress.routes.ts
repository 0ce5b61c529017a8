import {
  broadcastScheduleReply,
  maxAmountBody,
  traceBody,
  broadcastReply,
  maxAmountReply,
  taskIdQuery,
  taskScheduleReply,
  transferRecordInfoReply,
  transferRecordQuery,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { maxAmount } from './transfer-max';
import { traceTransfer } from './transfer-trace';
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
