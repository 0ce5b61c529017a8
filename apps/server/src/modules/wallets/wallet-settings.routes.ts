import {
  archiveWalletBody,
  customTokenBody,
  walletApproverBody,
  walletNameBody,
  walletPermissionsBody,
  walletRoleBody,
  walletSwitchBody,
  doneReply,
  walletNameReply,
  walletStatusReply,
  customTokenReply,
  walletSwitchReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { checkEmailCode } from '../auth/email-code.service';
import { commandContext } from '../../lib/command-context';
import { loadWallet } from './wallet-access';
import { WalletStatus } from './wallet-status';
import {
  addCustomToken,
  archiveWallet,
  renameWallet,
  setWalletApprovers,
  setWalletPermissions,
  setWalletRole,
  setWalletSwitch,
} from './wallet-settings';

const tags = ['wallet'];

export async function walletSettingsRoutes(app: AppInstance, ctx: AppContext) {
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
      await setWalletRole(ctx, commandContext(request), wallet, 'operator', request.body.user_ids);
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
      await setWalletRole(ctx, commandContext(request), wallet, 'viewer', request.body.user_ids);
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
      await setWalletRole(ctx, commandContext(request), wallet, 'risk_control', request.body.user_ids);
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
      const { user_ids: userIds, approval_threshold: threshold } = request.body;
      await setWalletApprovers(ctx, commandContext(request), wallet, userIds, threshold);
      return reply.ok({});
    },
  );

  app.post(
    '/wallets/multi-permission',
    {
      config: { access: inSpace('wallet.update') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletPermissionsBody,
        summary:
          'Set several wallet roles in one change (operators, approvers and threshold, viewers, risk control, broadcasters)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      await setWalletPermissions(ctx, commandContext(request), wallet, request.body);
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
        const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
        await setWalletSwitch(ctx, commandContext(request), wallet, column, request.body.open);
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
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      await renameWallet(ctx, commandContext(request), wallet, request.body);
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
      await archiveWallet(ctx, commandContext(request), wallet, codeId);
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
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const token = await addCustomToken(ctx, commandContext(request), wallet, request.body);
      return reply.ok({
        contract: token.contract,
        symbol: token.symbol,
        decimals: token.decimals,
        name: token.name,
      });
    },
  );
}
