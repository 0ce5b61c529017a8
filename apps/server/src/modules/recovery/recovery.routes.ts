import {
  recoveryEnableBody,
  recoveryQueueBody,
  recoveryReply,
  recoveryTaskBody,
  recoveryTxReply,
  recoveryWalletBody,
  sweepPrepareBody,
  sweepPrepareReply,
  sweepSubmitBody,
  sweepSubmitReply,
  taskReply,
  timelockRecoveryReply,
  walletIdQuery,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { presentTask } from '../transfers/transfer-present';
import { recoveryWallet } from './recovery-access';
import {
  cancelRecovery,
  disableRecovery,
  enableRecovery,
  recoveryExecuteTx,
  recoveryQueueTx,
} from './recovery-commands';
import { recoveryInfo } from './recovery-info';
import { refreshRecovery } from './recovery-refresh';
import { prepareSweep, submitSweep, timelockRecoveryInfo } from './timelock-recovery';

const tags = ['recovery'];

/**
 * §1/§4 emergency recovery of a Safe: admins allow it (a wallet task enabling a delay module),
 * the recoverer queues an owner swap from their own wallet, the owners can veto it by a wallet
 * task until the delay is over, then anyone runs it. Who may do what: canOnRecovery.
 */
export async function recoveryRoutes(app: AppInstance, ctx: AppContext) {
  const config = { access: inSpace('recovery.act') };

  app.get(
    '/wallets/recovery',
    {
      config,
      schema: {
        response: replies(recoveryReply),
        tags,
        querystring: walletIdQuery,
        summary: "Where the wallet's emergency recovery stands, as last read from the chain",
      },
    },
    async (request, reply) =>
      reply.ok(await recoveryInfo(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/wallets/recovery/sync',
    {
      config,
      schema: {
        response: replies(recoveryReply),
        tags,
        body: recoveryWalletBody,
        summary: "Read the wallet's recovery module on chain now (after sending a recovery transaction)",
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await recoveryWallet(ctx, actor, request.body.wallet_id, 'view');
      await refreshRecovery(ctx, request.body.wallet_id);
      return reply.ok(await recoveryInfo(ctx, actor, request.body.wallet_id));
    },
  );

  const taskRoute = (
    path: string,
    summary: string,
    body: typeof recoveryTaskBody | typeof recoveryEnableBody,
    command: (
      ctx: AppContext,
      actor: ReturnType<typeof commandContext>,
      input: never,
    ) => ReturnType<typeof cancelRecovery>,
  ) =>
    app.post(
      path,
      { config, schema: { response: replies(taskReply), tags, body, summary } },
      async (request, reply) =>
        reply.ok(presentTask(await command(ctx, commandContext(request), request.body as never))),
    );
  taskRoute(
    '/wallets/recovery/enable',
    'Admins: a wallet task enabling the delay module that lets the recoverer replace an owner after the delay',
    recoveryEnableBody,
    enableRecovery,
  );
  taskRoute(
    '/wallets/recovery/cancel',
    "The owners' veto: a wallet task that skips every recovery queued so far",
    recoveryTaskBody,
    cancelRecovery,
  );
  taskRoute(
    '/wallets/recovery/disable',
    'Admins: a wallet task disabling the recovery module',
    recoveryTaskBody,
    disableRecovery,
  );

  app.post(
    '/wallets/recovery/queue',
    {
      config,
      schema: {
        response: replies(recoveryTxReply),
        tags,
        body: recoveryQueueBody,
        summary:
          "The recoverer's transaction queuing the replacement of a lost owner (sent by their own wallet)",
      },
    },
    async (request, reply) => reply.ok(await recoveryQueueTx(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/wallets/recovery/execute',
    {
      config,
      schema: {
        response: replies(recoveryTxReply),
        tags,
        body: recoveryWalletBody,
        summary:
          'The transaction running the next queued recovery once its delay is over (anyone may send it)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await recoveryWallet(ctx, actor, request.body.wallet_id, 'execute');
      await refreshRecovery(ctx, request.body.wallet_id);
      return reply.ok(await recoveryExecuteTx(ctx, actor, request.body.wallet_id));
    },
  );

  // The Bitcoin family's recovery path: a key that alone spends coins once they are N blocks old.
  app.get(
    '/wallets/recovery/coins',
    {
      config,
      schema: {
        response: replies(timelockRecoveryReply),
        tags,
        querystring: walletIdQuery,
        summary: "A Bitcoin-family wallet's recovery path and each coin's age against its delay",
      },
    },
    async (request, reply) =>
      reply.ok(await timelockRecoveryInfo(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/wallets/recovery/sweep/prepare',
    {
      config,
      schema: {
        response: replies(sweepPrepareReply),
        tags,
        body: sweepPrepareBody,
        summary: 'The unsigned PSBT sweeping every matured coin to one address, for the recovery key to sign',
      },
    },
    async (request, reply) => reply.ok(await prepareSweep(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/wallets/recovery/sweep',
    {
      config,
      schema: {
        response: replies(sweepSubmitReply),
        tags,
        body: sweepSubmitBody,
        summary:
          "The recovery key's signed sweep: verified, finalized and relayed; owners and admins are told",
      },
    },
    async (request, reply) => reply.ok(await submitSweep(ctx, commandContext(request), request.body)),
  );
}
