import { batchBody, batchEstimateReply, taskReply } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { withFundPurpose } from '../labels/transfer-labels';
import { createBatchTransfer } from './batch-create';
import { batchEstimate } from './batch-estimate';
import { presentTask } from './transfer-present';

const tags = ['transfer'];
/** A 5 MB file sent as JSON text, with room for its escaping; the command measures the file itself. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

/** §5 batch (one-to-many): check and price a list of recipients, then create its one task. */
export async function batchRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/fee/estimate-one-to-many',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(batchEstimateReply),
        tags,
        body: batchBody,
        summary: 'Check every row of a batch and price it (operators)',
      },
    },
    async (request, reply) =>
      reply.ok(await batchEstimate(ctx, commandContext(request), request.body, request.lang)),
  );

  app.post(
    '/task/one-to-many',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: batchBody,
        summary: 'Create a batch transfer: one transaction paying every row (operators)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const task = presentTask(await createBatchTransfer(ctx, actor, request.body, request.lang));
      const [named] = await withFundPurpose(ctx, actor.organization.id, [task]);
      return reply.ok(named!);
    },
  );
}
