import {
  deployBroadcastBody,
  deployBroadcastReply,
  deployEstimateBody,
  deployEstimateReply,
  createMultiWalletBody,
  deployReportBody,
  importSingleBody,
  verifyWalletBody,
  walletIdBody,
  walletIdQuery,
  createMultiWalletReply,
  walletDeploymentReply,
  walletStatusReply,
  importSingleWalletReply,
  walletChallengeReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { canOnWallet } from '../policy/policy';
import { issueChallenge, openChallenge } from '../signers/challenge.service';
import { commandContext } from '../../lib/command-context';
import { loadWallet } from './wallet-access';
import { reportDeployment } from './wallet-commands';
import { createMultisigWallet, importSingleWallet, storedSetup, verifySingleWallet } from './wallet-setup';
import { presentCreatedWallet, presentWallet } from './wallet-presenter';
import { WalletStatus } from './wallet-status';
import { creationTask } from './wallet-lookups';
import { formatUnits } from './decimal';
import { family as familyCall, feeChoice } from '../transfers/transfer-family';

const tags = ['wallet'];

export async function walletCreateRoutes(app: AppInstance, ctx: AppContext) {
  /** Creates the wallet record and its creation task; the Safe address is computed up front. */
  app.post(
    '/wallets/multi',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(createMultiWalletReply),
        tags,
        body: createMultiWalletBody,
        summary: 'Create a Safe multisig wallet (deployment follows)',
      },
    },
    async (request, reply) => {
      const { wallet, setup } = await createMultisigWallet(ctx, commandContext(request), request.body);
      return reply.ok(presentCreatedWallet(wallet, setup));
    },
  );

  /**
   * §4 wallet initialization as a task: the wallet's setup task and the transaction a signer
   * sends (again, e.g. after a page reload) — a Safe deployment recomputed from the stored setup.
   */
  app.post(
    '/task/wallet-init',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(walletDeploymentReply),
        tags,
        body: walletIdBody,
        summary: "The wallet's initialization task and the transaction to send",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const task = await creationTask(ctx.db, wallet.id);
      if (!task) throw new AppError('WALLET_STATUS_ERROR');
      const setup = await storedSetup(ctx, wallet);
      return reply.ok({
        task_id: task.id,
        task_status: task.status,
        to: setup.onChain!.to,
        data: setup.onChain!.data,
        predicted_address: setup.address,
      });
    },
  );

  app.post(
    '/fee/deploy-estimate',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(deployEstimateReply),
        tags,
        body: deployEstimateBody,
        summary: "What sending the wallet's setup transaction costs now (the signer who sends it pays)",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.setupFee) throw new AppError('WALLET_STATUS_ERROR');
      const setup = await storedSetup(ctx, wallet);
      const fee = feeChoice(request.body.fee_tier, request.body.custom_fee_gwei);
      const cost = await familyCall(() => family.setupFee!(setup, fee));
      const { nativeDecimals, nativeSymbol } = family.chain.info;
      return reply.ok({
        gas: cost.gas.toString(),
        max_fee_gwei: formatUnits(cost.maxFeePerGas, 9),
        fee: formatUnits(cost.total, nativeDecimals),
        symbol: nativeSymbol,
      });
    },
  );

  /**
   * A signer's signed setup transaction, relayed by the server only if it is exactly the stored
   * setup call; then recorded like a reported hash (the watcher confirms from the chain).
   */
  app.post(
    '/broadcast-wallet-deploy',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(deployBroadcastReply),
        tags,
        body: deployBroadcastBody,
        summary: 'Relay a signed Safe deployment (exactly the stored setup call)',
      },
    },
    async (request, reply) => {
      const { member } = requireSpace(request);
      const { wallet, relation } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const decision = canOnWallet(member.role, relation, 'deploy');
      if (!decision.allowed) throw new AppError(decision.code!);
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.checkSignedSetup) throw new AppError('WALLET_STATUS_ERROR');
      // Tron: the account's permission update, once the account holds its fee (status 13 → 14).
      const move = family.setupTransaction
        ? { from: WalletStatus.PermissionChangePending, to: WalletStatus.PermissionChanging }
        : { from: WalletStatus.Initializing, to: WalletStatus.DeployPending };
      const setup = await storedSetup(ctx, wallet, [move.from]);
      const raw = request.body.raw_tx;
      const signed = await familyCall(() => family.checkSignedSetup!(setup, raw));
      // Sent first: a crash before the record leaves a setup the watcher still finds on chain.
      await familyCall(() => family.relay(raw)).catch((error: unknown) => {
        throw error instanceof AppError ? error : new AppError('WS_DEPLOY_ERROR');
      });
      await reportDeployment(ctx, commandContext(request), wallet, signed.hash, move);
      return reply.ok({ status: move.to, tx_hash: signed.hash });
    },
  );

  /** A signer reports the hash of the deployment it sent; the watcher confirms from the chain. */
  app.post(
    '/wallet-deploy-broadcast-create',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(walletStatusReply),
        tags,
        body: deployReportBody,
        summary: 'Report the deployment transaction hash',
      },
    },
    async (request, reply) => {
      const { member } = requireSpace(request);
      const { wallet, relation } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const decision = canOnWallet(member.role, relation, 'deploy');
      if (!decision.allowed) throw new AppError(decision.code!);
      // Only one initialization at a time: the first reported deployment wins.
      const status = await reportDeployment(ctx, commandContext(request), wallet, request.body.tx_hash);
      return reply.ok({ status });
    },
  );

  app.post(
    '/wallets/single',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(importSingleWalletReply),
        tags,
        body: importSingleBody,
        summary: 'Import a single-signature address (ownership proof follows)',
      },
    },
    async (request, reply) => {
      const { wallet, challenge } = await importSingleWallet(ctx, commandContext(request), request.body);
      return reply.ok({
        ...presentWallet(wallet),
        challenge_id: challenge.challengeId,
        message: challenge.message,
      });
    },
  );

  app.post(
    '/wallets/verify',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(walletStatusReply),
        tags,
        body: verifyWalletBody,
        summary: 'Prove control of an imported address by signing the challenge',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (wallet.status !== WalletStatus.AwaitingVerification || !wallet.address)
        throw new AppError('WALLET_STATUS_ERROR');
      const challenge = await openChallenge(ctx.db, {
        challengeId: request.body.challenge_id,
        userId: user.id,
        purpose: 'wallet_import',
        subjectId: wallet.id,
      });
      await verifySingleWallet(ctx, commandContext(request), wallet, challenge, request.body.signature);
      return reply.ok({ status: WalletStatus.Normal });
    },
  );

  app.get(
    '/wallets/verify-challenge',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(walletChallengeReply),
        tags,
        querystring: walletIdQuery,
        summary: 'A fresh message to sign for an imported address',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      if (wallet.status !== WalletStatus.AwaitingVerification || !wallet.address)
        throw new AppError('WALLET_STATUS_ERROR');
      const challenge = await issueChallenge(ctx.db, {
        userId: user.id,
        email: user.email,
        purpose: 'wallet_import',
        subjectId: wallet.id,
        address: wallet.address,
      });
      return reply.ok({ challenge_id: challenge.challengeId, message: challenge.message });
    },
  );
}
