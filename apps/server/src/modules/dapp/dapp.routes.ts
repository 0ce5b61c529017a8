import {
  dappFavoriteBody,
  dappFavoriteReply,
  dappListQuery,
  dappListReply,
  dappTypesReply,
  dappCreateBody,
  dappMessageBody,
  dappParseBody,
  dappParseReply,
  dappRpcBody,
  dappRpcReply,
  dappTaskReply,
  dappTaskQuery,
  walletSwitchBody,
  walletSwitchReply,
  cancelApprovalBody,
  grantApprovalBody,
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
import { cancelApproval, grantApproval } from './approval-tasks';
import {
  asCall,
  callsOf,
  createDappTask,
  dappTaskByHash,
  dappTaskInfo,
  parseDappCalls,
  readForDapp,
} from './dapp-calls';
import type { ContractCall } from '@keystead/chains';
import type { Wallet } from '../../db/schema';
import { dappList, dappTypes, setDappFavorite } from './dapp-list';
import { createDappMessage } from './dapp-messages';
import { setWalletSwitch } from '../wallets/wallet-settings';
import { approvalsOf, listTokenApprovals } from './approval-list';

const tags = ['dapp'];

/**
 * §1 Dapp connector: a wallet's Dapp switch, a Dapp's calls decoded and carried as a Dapp task;
 * §2 wallet tab "token approvals": what a wallet lets others spend, and cancelling it.
 */
export async function dappRoutes(app: AppInstance, ctx: AppContext) {
  const member = { access: inSpace('space.view') };
  app.get(
    '/dapp/type',
    {
      config: member,
      schema: { response: replies(dappTypesReply), tags, summary: "The Dapp catalogue's types" },
    },
    async (request, reply) => reply.ok(dappTypes(request.lang)),
  );

  app.get(
    '/dapp',
    {
      config: member,
      schema: {
        response: replies(dappListReply),
        tags,
        querystring: dappListQuery,
        summary: 'The Dapp catalogue, by type, chain or favourites (favourites first)',
      },
    },
    async (request, reply) => {
      const { user } = commandContext(request);
      return reply.ok(await dappList(ctx.db, user.id, request.lang, request.query));
    },
  );

  app.post(
    '/dapp/favorite',
    {
      config: member,
      schema: {
        response: replies(dappFavoriteReply),
        tags,
        body: dappFavoriteBody,
        summary: "Mark or unmark a Dapp of the catalogue as one of the caller's favourites",
      },
    },
    async (request, reply) => {
      const { user } = commandContext(request);
      const { dapp_id, is_favorite } = request.body;
      return reply.ok(await setDappFavorite(ctx.db, user.id, dapp_id, is_favorite));
    },
  );

  app.post(
    '/wallets/dapp',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(walletSwitchReply),
        tags,
        body: walletSwitchBody,
        summary: "Turn a wallet's Dapps on or off (not with its whitelist on)",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      await setWalletSwitch(ctx, commandContext(request), wallet, 'dapp_on', request.body.open);
      return reply.ok({ open: request.body.open });
    },
  );

  app.post(
    '/dapp/parse',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(dappParseReply),
        tags,
        body: dappParseBody,
        summary: "A Dapp's calls decoded from their bytes and run alone from the wallet now",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      return reply.ok(await parseDappCalls(ctx, wallet, request.body.calls));
    },
  );

  app.post(
    '/dapp/rpc',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(dappRpcReply),
        tags,
        body: dappRpcBody,
        summary: "A Safe App's read of the chain (rpcCall) through the wallet's node: reads only",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const { method, params } = request.body;
      return reply.ok({ result: await readForDapp(ctx, wallet, method, params) });
    },
  );

  app.post(
    '/task/dapp-create',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: dappCreateBody,
        summary:
          "A Dapp task (type 6): the Dapp's calls in one Safe transaction, through the transfer lifecycle",
      },
    },
    async (request, reply) =>
      reply.ok(presentTask(await createDappTask(ctx, commandContext(request), request.body))),
  );

  app.post(
    '/task/dapp-message',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: dappMessageBody,
        summary:
          'A Dapp task (type 6) asking the Safe to sign a message (EIP-1271): approval and signing, nothing broadcast',
      },
    },
    async (request, reply) =>
      reply.ok(presentTask(await createDappMessage(ctx, commandContext(request), request.body))),
  );

  app.get(
    '/task/dapp',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(dappTaskReply),
        tags,
        querystring: dappTaskQuery,
        summary:
          'What a Dapp task asks (decoded) and where it stands, by id or by wallet and safeTxHash: the Dapp polls it for its result',
      },
    },
    async (request, reply) => {
      const { task_id, wallet_id, safe_tx_hash } = request.query;
      const taskId = task_id ?? (await dappTaskByHash(ctx, request, wallet_id, safe_tx_hash));
      return reply.ok(await dappTaskInfo(ctx, commandContext(request), taskId));
    },
  );

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
      const cancel = approvalsOf(familyOf(ctx, wallet.chain_key)).approveCall(request.body, 0n);
      return reply.ok(await callsFee(ctx, wallet, [cancel]));
    },
  );

  app.post(
    '/fee/dapp-estimate',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(feeEstimateReply),
        tags,
        body: dappParseBody,
        summary: "Fee tiers and the gas of a Dapp's calls from the Safe",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      return reply.ok(await callsFee(ctx, wallet, request.body.calls.map(asCall)));
    },
  );

  app.post(
    '/wallets/dapp/approve',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: grantApprovalBody,
        summary:
          "Let a spender use the wallet's tokens: a Dapp task (type 6) calling approve(spender, amount)",
      },
    },
    async (request, reply) =>
      reply.ok(presentTask(await grantApproval(ctx, commandContext(request), request.body))),
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

/** The fee tiers now and the gas the wallet's execution of these calls takes. */
async function callsFee(ctx: AppContext, wallet: Wallet, calls: ContractCall[]) {
  const adapter = familyOf(ctx, wallet.chain_key);
  const [tiers, gas] = await Promise.all([
    feeTiers(adapter),
    family(() => callsOf(adapter).gas(familyWallet(wallet), calls)),
  ]);
  if (tiers.unit !== 'gwei') throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  return { ...tiers, gas_limit: gas.toString() };
}
