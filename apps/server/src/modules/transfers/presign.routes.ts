import { preSignBody, preSignCreatedReply, preSignEstimateReply } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { withFundPurpose } from '../labels/transfer-labels';
import { createPreSigned, estimatePreSigned } from './presign-create';
import { presentTask } from './transfer-present';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };

/** §5 pre-signed transfers: priced with the nonces they would take, then created together. */
export async function preSignRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/fee/pre-signature',
    {
      config: act,
      schema: {
        response: replies(preSignEstimateReply),
        tags,
        body: preSignBody,
        summary: 'Check and price up to 10 pre-signed transfers (operators)',
      },
    },
    async (request, reply) => reply.ok(await estimatePreSigned(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/task/pre-signature',
    {
      config: act,
      schema: {
        response: replies(preSignCreatedReply),
        tags,
        body: preSignBody,
        summary: 'Create pre-signed transfers with consecutive nonces, signed now and broadcast later',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const tasks = (await createPreSigned(ctx, actor, request.body)).map((task) => presentTask(task));
      return reply.ok({ list: await withFundPurpose(ctx, actor.organization.id, tasks) });
    },
  );
}
