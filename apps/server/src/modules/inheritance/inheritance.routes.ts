import { inheritanceActionBody, inheritanceReply, walletIdQuery } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { inheritanceAction, inheritanceInfo } from './inheritance-commands';

const tags = ['inheritance'];

/** §4 family inheritance: who inherits a wallet, and the succession after 90 days without sign-in. */
export async function inheritanceRoutes(app: AppInstance, ctx: AppContext) {
  // A paired phone may read a plan and answer its nomination (canOnInheritance).
  const config = { access: inSpace('recovery.act'), phone: true };
  app.get(
    '/wallets/inheritance',
    {
      config,
      schema: {
        response: replies(inheritanceReply),
        tags,
        querystring: walletIdQuery,
        summary: "A wallet's inheritance plan and the owner's inactivity",
      },
    },
    async (request, reply) =>
      reply.ok(await inheritanceInfo(ctx, commandContext(request), request.query.wallet_id)),
  );
  app.post(
    '/wallets/inheritance',
    {
      config,
      schema: {
        response: replies(inheritanceReply),
        tags,
        body: inheritanceActionBody,
        summary: 'Open, close, accept, deny, change or add the heir, or apply for the succession',
      },
    },
    async (request, reply) => reply.ok(await inheritanceAction(ctx, commandContext(request), request.body)),
  );
}
