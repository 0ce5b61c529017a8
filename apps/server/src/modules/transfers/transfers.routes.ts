import {
  addressTagQuery,
  approveBody,
  broadcastBody,
  broadcastCreateBody,
  createTransferBody,
  feeEstimateBody,
  revokeBody,
  signBody,
  taskIdQuery,
  utxoSpeedUpBody,
  walletIdQuery,
  taskReply,
  taskInfoReply,
  feeEstimateReply,
  utxoFeeRatesReply,
  approveReply,
  signReply,
  revokeReply,
  broadcastDraftReply,
  broadcastReply,
  addressTagsReply,
  previousTransactionsReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { inSpace } from '../../plugins/access-rules';
import { loadWallet } from '../wallets/wallet-access';
import { addressTags } from './address-tags';
import { broadcastTransfer, prepareBroadcast } from './transfer-broadcast';
import { createTransfer } from './transfer-create';
import { approveTransfer } from './transfer-approve';
import { family, familyOf } from './transfer-family';
import { feeTiers } from './transfer-fee-tiers';
import { transferInfo } from './transfer-info';
import { withFundPurpose } from '../labels/transfer-labels';
import { presentTask } from './transfer-present';
import { previousTransactions } from './transfer-previous-txs';
import { revokeTransfer } from './transfer-revoke';
import { signTransfer } from './transfer-sign';
import { speedUpTransfer } from './transfer-speed-up';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };
/** Reading and signing a task: also from a paired phone (§1 companion signer). */
const actFromPhone = { ...act, phone: true };

/** The one transfer lifecycle's routes: validate → authorize → command → present, for every family. */
export async function transferRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/task',
    {
      config: act,
      schema: {
        response: replies(taskReply),
        tags,
        body: createTransferBody,
        summary: 'Create a transfer (operators)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const task = presentTask(await createTransfer(ctx, actor, request.body));
      const [named] = await withFundPurpose(ctx, actor.organization.id, [task]);
      return reply.ok(named!);
    },
  );

  app.get(
    '/task/info',
    {
      config: actFromPhone,
      schema: {
        response: replies(taskInfoReply),
        tags,
        querystring: taskIdQuery,
        summary: 'Transfer detail: approvals, signatures, what to sign or send, broadcasts, the nonce queue',
      },
    },
    async (request, reply) =>
      reply.ok(await transferInfo(ctx, commandContext(request), request.query.task_id)),
  );

  app.get(
    '/task/previous-transactions',
    {
      config: act,
      schema: {
        response: replies(previousTransactionsReply),
        tags,
        querystring: taskIdQuery,
        summary: "Bitcoin family: the transactions a task's inputs spend, for a hardware signer",
      },
    },
    async (request, reply) =>
      reply.ok(await previousTransactions(ctx, commandContext(request), request.query.task_id)),
  );

  app.post(
    '/fee/estimate',
    {
      config: act,
      schema: {
        response: replies(feeEstimateReply),
        tags,
        body: feeEstimateBody,
        summary: 'Fee tiers now (slow, standard, fast) in Gwei',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const adapter = familyOf(ctx, wallet.chain_key);
      if (adapter.capabilities.feeUnit !== 'gwei') throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      return reply.ok(await feeTiers(adapter));
    },
  );
  app.get(
    '/fee/utxo-fee-rate',
    {
      config: act,
      schema: {
        response: replies(utxoFeeRatesReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Fee rate tiers of a Bitcoin-family wallet, sat/vB',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const adapter = familyOf(ctx, wallet.chain_key);
      if (adapter.capabilities.feeUnit !== 'sat/vB') throw new AppError('WALLET_NOT_FOUND_ERROR');
      return reply.ok(await feeTiers(adapter));
    },
  );

  app.post(
    '/task/approve',
    {
      config: act,
      schema: {
        response: replies(approveReply),
        tags,
        body: approveBody,
        summary: 'Approve or reject a transfer',
      },
    },
    async (request, reply) => reply.ok(await approveTransfer(ctx, commandContext(request), request.body)),
  );
  app.post(
    '/sign',
    {
      config: actFromPhone,
      schema: {
        response: replies(signReply),
        tags,
        body: signBody,
        summary: 'Add a signer’s signature of the Safe transaction, or a signed PSBT (Bitcoin family)',
      },
    },
    async (request, reply) => reply.ok(await signTransfer(ctx, commandContext(request), request.body)),
  );
  app.post(
    '/task/revoke',
    {
      config: act,
      schema: {
        response: replies(revokeReply),
        tags,
        body: revokeBody,
        summary: 'Revoke a transfer that is waiting for approval or signatures',
      },
    },
    async (request, reply) => reply.ok(await revokeTransfer(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/broadcast-create',
    {
      config: act,
      schema: {
        response: replies(broadcastDraftReply),
        tags,
        body: broadcastCreateBody,
        summary: 'The unsigned execTransaction for the broadcaster to sign (a speed-up at status 6)',
      },
    },
    async (request, reply) => reply.ok(await prepareBroadcast(ctx, commandContext(request), request.body)),
  );
  app.post(
    '/broadcast',
    {
      config: act,
      schema: {
        response: replies(broadcastReply),
        tags,
        body: broadcastBody,
        summary:
          'Relay the signed execTransaction exactly once (or report a hash the wallet sent); Bitcoin family: finalize the PSBT and relay it',
      },
    },
    async (request, reply) => reply.ok(await broadcastTransfer(ctx, commandContext(request), request.body)),
  );
  app.post(
    '/task/speed-up',
    {
      config: act,
      schema: {
        response: replies(taskReply),
        tags,
        body: utxoSpeedUpBody,
        summary: 'Bitcoin family: a replace-by-fee transfer at a higher fee rate (signed again)',
      },
    },
    async (request, reply) =>
      reply.ok(presentTask(await speedUpTransfer(ctx, commandContext(request), request.body))),
  );

  app.get(
    '/address/tag',
    {
      config: act,
      schema: {
        response: replies(addressTagsReply),
        tags,
        querystring: addressTagQuery,
        summary: 'Risk tags of a recipient (own wallet, whitelisted, new, first transfer, similar address)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      // The wallet's family validates and spells the address the way it is stored.
      // (A mistyped EVM checksum is named as such, not as an unknown address.)
      const adapter = familyOf(ctx, wallet.chain_key);
      const address = await family(() => adapter.recipient(request.query.address));
      return reply.ok(await addressTags(ctx.db, actor.organization.id, address));
    },
  );
}
