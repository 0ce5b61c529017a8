import { randomBytes } from 'node:crypto';
import {
  createMultiWalletBody,
  deployReportBody,
  importSingleBody,
  verifyWalletBody,
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
import { writeAudit } from '../audit/audit.service';
import { canOnWallet } from '../policy/policy';
import { consumeChallenge, issueChallenge, openChallenge } from '../signers/challenge.service';
import { commandContext } from '../../lib/command-context';
import { loadWallet } from './wallet-access';
import { reportDeployment } from './wallet-commands';
import { presentWallet } from './wallet-presenter';
import { assertWalletAllowed, checkMultisigInput } from './wallet-rules';
import { insertWalletPeople } from './wallet-people';
import { SignType, TaskStatus, WalletStatus } from './wallet-status';
import {
  addWalletOperator,
  findLiveWalletAt,
  insertWalletCreationTask,
  insertWalletRow,
  lockSpaceWallets,
  setWalletStatus,
  walletCreationData,
} from './wallet-repository';

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
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      const body = request.body;
      const chain = ctx.chains.walletChain(body.chain_key);
      if (body.broadcast_scope === 1) throw new AppError('EVM_MANUAL_BROADCAST_ONLY_ERROR');
      const saltNonce = BigInt(`0x${randomBytes(8).toString('hex')}`);
      const created = await ctx.db.transaction().execute(async (trx) => {
        await lockSpaceWallets(trx, organization.id);
        await assertWalletAllowed(trx, organization, chain.info, SignType.Multi);
        const signers = await checkMultisigInput(trx, organization.id, body);
        // The family spells and orders the owners: the same set always yields the same Safe setup call.
        const setup = await ctx.chains.family(body.chain_key).prepareSetup({
          keys: signers.map((s) => s.address),
          threshold: body.threshold,
          nonce: saltNonce,
        });
        const owners = setup.keys as string[];
        const deployment = setup.onChain;
        if (!deployment) throw new AppError('WALLET_CREATE_ERROR');
        const wallet = await insertWalletRow(trx, {
          organization_id: organization.id,
          chain_key: body.chain_key,
          sign_type: SignType.Multi,
          name: body.name,
          remark: body.remark ?? null,
          address: setup.address,
          status: WalletStatus.Initializing,
          threshold: body.threshold,
          approval_threshold: body.approval_threshold,
          broadcast_scope: body.broadcast_scope,
          salt_nonce: saltNonce.toString(),
          created_by: user.id,
        });
        await insertWalletPeople(trx, wallet.id, body, signers);
        await insertWalletCreationTask(trx, {
          organizationId: organization.id,
          walletId: wallet.id,
          status: TaskStatus.PendingBroadcast,
          createdBy: user.id,
          data: {
            owners,
            threshold: body.threshold,
            salt_nonce: saltNonce.toString(),
            chain_key: body.chain_key,
          },
        });
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'wallet',
          operation: 'create_multi',
          ip: request.ip,
          content: {
            wallet_id: wallet.id,
            name: body.name,
            chain: body.chain_key,
            owners,
            threshold: body.threshold,
          },
        });
        return { wallet, deployment };
      });
      return reply.ok({
        ...presentWallet(created.wallet),
        deployment: { to: created.deployment.to, data: created.deployment.data },
      });
    },
  );

  /** The deployment tx for a signer's wallet to send (again, e.g. after a page reload). */
  app.get(
    '/wallets/deployment',
    {
      config: { access: inSpace('wallet.deploy') },
      schema: {
        response: replies(walletDeploymentReply),
        tags,
        querystring: walletIdQuery,
        summary: 'The Safe deployment transaction to send',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      if (wallet.sign_type !== SignType.Multi || wallet.status !== WalletStatus.Initializing)
        throw new AppError('WALLET_STATUS_ERROR');
      const data = (await walletCreationData(ctx.db, wallet.id)) as {
        owners: string[];
        threshold: number;
        salt_nonce: string;
      };
      const setup = await ctx.chains.family(wallet.chain_key).prepareSetup({
        keys: data.owners,
        threshold: data.threshold,
        nonce: BigInt(data.salt_nonce),
      });
      if (!setup.onChain || setup.address.toLowerCase() !== wallet.address?.toLowerCase())
        throw new AppError('WALLET_CREATE_ERROR');
      return reply.ok({
        to: setup.onChain.to,
        data: setup.onChain.data,
        predicted_address: setup.address,
      });
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
      await reportDeployment(ctx, commandContext(request), wallet, request.body.tx_hash);
      return reply.ok({ status: WalletStatus.DeployPending });
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
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      const chain = ctx.chains.walletChain(request.body.chain_key);
      if (!chain.isValidAddress(request.body.address)) throw new AppError('WALLET_ADDRESS_FORMAT_ERROR');
      const address = chain.normalizeAddress(request.body.address);
      if (await chain.isContract(address)) throw new AppError('WALLET_CONTRACT_ADDRESS_ERROR');
      const result = await ctx.db.transaction().execute(async (trx) => {
        await lockSpaceWallets(trx, organization.id);
        const used = await findLiveWalletAt(trx, request.body.chain_key, address, true);
        if (used)
          throw new AppError(
            used.organization_id === organization.id
              ? 'WALLET_EXISTS_ERROR'
              : 'WALLET_ADDRESS_IN_OTHER_SPACE_ERROR',
          );
        await assertWalletAllowed(trx, organization, chain.info, SignType.Single);
        const wallet = await insertWalletRow(trx, {
          organization_id: organization.id,
          chain_key: request.body.chain_key,
          sign_type: SignType.Single,
          name: request.body.name,
          remark: request.body.remark ?? null,
          address,
          status: WalletStatus.AwaitingVerification,
          threshold: 1,
          created_by: user.id,
        });
        await addWalletOperator(trx, wallet.id, user.id);
        const challenge = await issueChallenge(trx, {
          userId: user.id,
          email: user.email,
          purpose: 'wallet_import',
          subjectId: wallet.id,
          address,
        });
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'wallet',
          operation: 'import_single',
          ip: request.ip,
          content: { wallet_id: wallet.id, address, chain: request.body.chain_key },
        });
        return { wallet, challenge };
      });
      return reply.ok({
        ...presentWallet(result.wallet),
        challenge_id: result.challenge.challengeId,
        message: result.challenge.message,
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
      const valid = await ctx.chains
        .walletChain(wallet.chain_key)
        .verifyMessage(wallet.address, challenge.message, request.body.signature)
        .catch(() => false);
      if (!valid) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      await ctx.db.transaction().execute(async (trx) => {
        await consumeChallenge(trx, challenge.id);
        await setWalletStatus(trx, wallet.id, WalletStatus.Normal);
        await writeAudit(trx, {
          organizationId: wallet.organization_id,
          userId: user.id,
          type: 'wallet',
          operation: 'verify_single',
          ip: request.ip,
          content: { wallet_id: wallet.id },
        });
      });
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
