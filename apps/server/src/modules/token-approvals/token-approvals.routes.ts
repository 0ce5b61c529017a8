import {
  cancelApprovalBody,
  cancelApprovalEstimateBody,
  feeEstimateReply,
  taskReply,
  tokenApprovalsReply,
  walletIdQuery,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { family, familyOf, familyWallet } from '../transfers/transfer-family';
import { feeTiers } from '../transfers/transfer-fee-tiers';
import { presentTask } from '../transfers/transfer-present';
import { loadWallet } from '../wallets/wallet-access';
import { cancelApproval } from './approval-cancel';
import { approvalsOf, listTokenApprovals } from './approval-list';

const tags = ['dapp'];

/** §2 wallet tab "token approvals": what a wallet lets others spend, and cancelling it. */
export async function tokenApprovalRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/wallets/dapp',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(tokenApprovalsReply),
        tags,
        querystring: walletIdQuery,
        summary: "A wallet's standing ERC-20 approvals (token approvals tab), allowances read now",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      return reply.ok(await listTokenApprovals(ctx, wallet));
    },
  );

  app.post(
    '/fee/dapp-estimate/cancel-approve',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(feeEstimateReply),
        tags,
        body: cancelApprovalEstimateBody,
        summary: 'Fee tiers and the gas of cancelling an approval (approve(spender, 0) from the Safe)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const adapter = familyOf(ctx, wallet.chain_key);
      const reads = approvalsOf(adapter);
      const ref = { token: request.body.token, spender: request.body.spender };
      const [tiers, gas] = await Promise.all([
        feeTiers(adapter),
        family(() => reads.cancelGas(familyWallet(wallet), ref)),
      ]);
      if (tiers.unit !== 'gwei') throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      return reply.ok({ ...tiers, gas_limit: gas.toString() });
    },
  );

  app.post(
    '/task/dapp-approve-cancel',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: cancelApprovalBody,
        summary: 'Cancel a token approval: a Dapp task (type 6) through approval, signing and broadcast',
      },
    },
    async (request, reply) => {
      const task = await cancelApproval(ctx, commandContext(request), request.body);
      return reply.ok(presentTask(task));
    },
  );
}
