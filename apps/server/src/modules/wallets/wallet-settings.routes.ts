import type { Kysely } from 'kysely';
import {
  archiveWalletBody,
  customTokenBody,
  walletApproverBody,
  walletNameBody,
  walletRoleBody,
  walletSwitchBody,
  doneReply,
  walletNameReply,
  walletStatusReply,
  customTokenReply,
  walletSwitchReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Database, Wallet, WalletMemberRole } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { loadWallet } from './wallet-access';
import { MAX_RISK_CONTROL_USERS, MAX_VIEWERS } from './wallet-rules';
import { ACTIVE_STATUSES } from '../transfers/transfer-status';
import { TaskStatus, WalletStatus } from './wallet-status';
import {
  countJoinedMembers,
  hasTransferIn,
  hasWalletToken,
  insertWalletToken,
  replaceRoleHolders,
  updateWallet,
} from './wallet-repository';

const tags = ['wallet'];

async function assertJoinedMembers(trx: Kysely<Database>, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  if ((await countJoinedMembers(trx, organizationId, userIds)) !== new Set(userIds).size)
    throw new AppError('MEMBER_NOT_FOUND_ERROR');
}

export async function walletSettingsRoutes(app: AppInstance, ctx: AppContext) {
  /** Replaces the holders of one wallet role in one transaction, audited. */
  async function replaceRole(
    request: FastifyRequest,
    wallet: Wallet,
    role: WalletMemberRole,
    userIds: number[],
    extra?: (trx: Kysely<Database>) => Promise<void>,
  ) {
    const { user } = requireUser(request);
    const unique = [...new Set(userIds)];
    await ctx.db.transaction().execute(async (trx) => {
      await assertJoinedMembers(trx, wallet.organization_id, unique);
      await replaceRoleHolders(trx, wallet.id, role, unique);
      await extra?.(trx);
      await writeAudit(trx, {
        organizationId: wallet.organization_id,
        userId: user.id,
        type: 'wallet',
        operation: `set_${role}`,
        ip: request.ip,
        content: { wallet_id: wallet.id, user_ids: unique },
      });
    });
  }

  app.put(
    '/wallets/operator',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletRoleBody,
        summary: 'Set operators (at least one)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (request.body.user_ids.length === 0) throw new AppError('WALLET_OPERATOR_REQUIRED_ERROR');
      await replaceRole(request, wallet, 'operator', request.body.user_ids);
      return reply.ok({});
    },
  );

  app.put(
    '/wallets/viewer',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletRoleBody,
        summary: 'Set viewers (at most 5)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (new Set(request.body.user_ids).size > MAX_VIEWERS)
        throw new AppError('LIMIT_VIEWERS_ERROR', { max: MAX_VIEWERS });
      await replaceRole(request, wallet, 'viewer', request.body.user_ids);
      return reply.ok({});
    },
  );

  app.put(
    '/wallets/risk-control-user',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletRoleBody,
        summary: 'Set risk-control users (at most 5)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (new Set(request.body.user_ids).size > MAX_RISK_CONTROL_USERS)
        throw new AppError('LIMIT_RISK_CONTROL_USERS_ERROR', { max: MAX_RISK_CONTROL_USERS });
      await replaceRole(request, wallet, 'risk_control', request.body.user_ids);
      return reply.ok({});
    },
  );

  app.put(
    '/wallets/approver',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletApproverBody,
        summary: 'Set approvers and the approval threshold',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const approvers = new Set(request.body.user_ids);
      const threshold = request.body.approval_threshold;
      if (threshold > approvers.size || (approvers.size > 0 && threshold < 1))
        throw new AppError('WALLET_APPROVE_THRESHOLD_ERROR');
      await replaceRole(request, wallet, 'approver', [...approvers], async (trx) => {
        if (await hasTransferIn(trx, wallet.id, [TaskStatus.PendingApproval]))
          throw new AppError('WALLET_APPROVER_EDIT_BLOCKED_ERROR');
        await updateWallet(trx, wallet.id, { approval_threshold: threshold });
      });
      return reply.ok({});
    },
  );

  for (const [path, column] of [
    ['/wallets/open-whitelist', 'whitelist_on'],
    ['/wallets/open-asset-tag', 'asset_tag_on'],
  ] as const) {
    app.put(
      path,
      {
        config: { access: inSpace('wallet.update') },
        schema: {
          response: replies(walletSwitchReply),
          tags,
          body: walletSwitchBody,
          summary: `Turn ${column.replace('_on', '')} on or off`,
        },
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
        // Whitelist and Dapp cannot both be on (§4).
        if (column === 'whitelist_on' && request.body.open && wallet.dapp_on)
          throw new AppError('DAPP_WHITELIST_CONFLICT_ERROR');
        await ctx.db.transaction().execute(async (trx) => {
          await updateWallet(trx, wallet.id, { [column]: request.body.open });
          await writeAudit(trx, {
            organizationId: wallet.organization_id,
            userId: user.id,
            type: 'wallet',
            operation: `${column}_${request.body.open ? 'on' : 'off'}`,
            ip: request.ip,
            content: { wallet_id: wallet.id },
          });
        });
        return reply.ok({ open: request.body.open });
      },
    );
  }

  app.post(
    '/wallets/name',
    {
      config: { access: inSpace('wallet.update') },
      schema: { response: replies(walletNameReply), tags, body: walletNameBody, summary: 'Rename a wallet' },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      await ctx.db.transaction().execute(async (trx) => {
        await updateWallet(trx, wallet.id, {
          name: request.body.name,
          ...(request.body.remark !== undefined ? { remark: request.body.remark } : {}),
        });
        await writeAudit(trx, {
          organizationId: wallet.organization_id,
          userId: user.id,
          type: 'wallet',
          operation: 'rename',
          ip: request.ip,
          content: { wallet_id: wallet.id, from: wallet.name, to: request.body.name },
        });
      });
      return reply.ok({ name: request.body.name });
    },
  );

  /** Archive: type the wallet's name and an e-mail code; irreversible, stops every function. */
  app.post(
    '/wallets/archive',
    {
      config: { access: inSpace('wallet.archive') },
      schema: {
        response: replies(walletStatusReply),
        tags,
        body: archiveWalletBody,
        summary: 'Archive a wallet (irreversible)',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (request.body.name !== wallet.name) throw new AppError('WALLET_NAME_MISMATCH_ERROR');
      const codeId = await checkEmailCode(ctx, 'wallet_archive', user.email, request.body.email_code);
      await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        if (await hasTransferIn(trx, wallet.id, ACTIVE_STATUSES))
          throw new AppError('WALLET_DELETE_TASKS_PENDING_ERROR');
        await updateWallet(trx, wallet.id, { status: WalletStatus.Archived, archived_at: new Date() });
        await writeAudit(trx, {
          organizationId: wallet.organization_id,
          userId: user.id,
          type: 'wallet',
          operation: 'archive',
          ip: request.ip,
          content: { wallet_id: wallet.id, name: wallet.name },
        });
      });
      return reply.ok({ status: WalletStatus.Archived });
    },
  );

  /** Custom token: symbol and decimals are read from the contract and must match what was typed. */
  app.post(
    '/wallets/custom-token',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(customTokenReply),
        tags,
        body: customTokenBody,
        summary: 'Add an ERC-20 token to a wallet',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const chain = ctx.chains.walletChain(wallet.chain_key);
      if (!chain.isValidAddress(request.body.contract)) throw new AppError('CHAIN_ADDRESS_INVALID_ERROR');
      const contract = chain.normalizeAddress(request.body.contract);
      const token = await chain.readToken(contract).catch(() => {
        throw new AppError('TOKEN_NOT_FOUND_ERROR');
      });
      if (request.body.decimals !== undefined && request.body.decimals !== token.decimals)
        throw new AppError('PARAMS_INVALID_ERROR', { field: 'decimals' });
      if (request.body.symbol && request.body.symbol.toUpperCase() !== token.symbol.toUpperCase())
        throw new AppError('PARAMS_INVALID_ERROR', { field: 'symbol' });
      const known = ctx.chains
        .defaultTokens(wallet.chain_key)
        .some((t) => t.contract?.toLowerCase() === contract.toLowerCase());
      await ctx.db.transaction().execute(async (trx) => {
        if ((await hasWalletToken(trx, wallet.id, contract)) || known)
          throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
        await insertWalletToken(trx, {
          wallet_id: wallet.id,
          contract,
          symbol: token.symbol,
          decimals: token.decimals,
          created_by: user.id,
        });
        await writeAudit(trx, {
          organizationId: wallet.organization_id,
          userId: user.id,
          type: 'wallet',
          operation: 'add_token',
          ip: request.ip,
          content: { wallet_id: wallet.id, contract, symbol: token.symbol },
        });
      });
      return reply.ok({ contract, symbol: token.symbol, decimals: token.decimals, name: token.name });
    },
  );
}
