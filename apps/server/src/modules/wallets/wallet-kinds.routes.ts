import {
  createWalletBody,
  createWalletReply,
  deleteMultiWalletBody,
  deleteWalletBody,
  deletedWalletReply,
  walletTokensQuery,
  walletTokensReply,
} from '@keystead/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { checkEmailCode } from '../auth/email-code.service';
import { loadWallet } from './wallet-access';
import { walletTokens } from './wallet-assets';
import { presentCreatedWallet, presentWallet } from './wallet-presenter';
import { deleteSingleWallet } from './wallet-settings';
import { createMultisigWallet, importSingleWallet } from './wallet-setup';
import { SignType } from './wallet-status';

const tags = ['wallet'];

/** §5: the name typed again and an e-mail code (wallet_delete); only single-signature wallets go. */
async function deleteWallet(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof deleteWalletBody>,
) {
  const { user } = requireUser(request);
  const { wallet } = await loadWallet(ctx.db, request, body.wallet_id);
  if (wallet.sign_type === SignType.Multi) throw new AppError('WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR');
  if (wallet.sign_type !== SignType.Single) throw new AppError('WALLET_STATUS_ERROR');
  if (body.name !== wallet.name) throw new AppError('WALLET_NAME_MISMATCH_ERROR');
  const codeId = await checkEmailCode(ctx, 'wallet_delete', user.email, body.email_code);
  await deleteSingleWallet(ctx, commandContext(request), wallet, codeId);
  return { wallet_id: wallet.id, deleted: true as const };
}

/** The §7 wallet calls by kind: POST/DELETE /wallets, DELETE /wallets/multi and /single, the token list. */
export async function walletKindRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/wallets',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(createWalletReply),
        tags,
        body: createWalletBody,
        summary:
          'Create a wallet by kind: sign_type 1 multisig (as /wallets/multi), 2 single import (as /wallets/single)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const body = request.body;
      if (body.sign_type === 1) {
        const { sign_type: _kind, ...multi } = body;
        const { wallet, setup } = await createMultisigWallet(ctx, actor, multi);
        return reply.ok(presentCreatedWallet(wallet, setup));
      }
      const { sign_type: _kind, ...single } = body;
      const { wallet, challenge } = await importSingleWallet(ctx, actor, single);
      return reply.ok({
        ...presentWallet(wallet),
        challenge_id: challenge.challengeId,
        message: challenge.message,
      });
    },
  );

  for (const path of ['/wallets', '/wallets/single']) {
    app.delete(
      path,
      {
        config: { access: inSpace('wallet.archive') },
        schema: {
          response: replies(deletedWalletReply),
          tags,
          body: deleteWalletBody,
          summary:
            'Delete a single-signature wallet (name typed again, e-mail code; not while tasks are pending)',
        },
      },
      async (request, reply) => reply.ok(await deleteWallet(ctx, request, request.body)),
    );
  }

  app.delete(
    '/wallets/multi',
    {
      config: { access: inSpace('wallet.archive') },
      schema: {
        response: replies(deletedWalletReply),
        tags,
        body: deleteMultiWalletBody,
        summary:
          'Multisig wallets are not deleted: archive them (answers WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR)',
      },
    },
    async (request) => {
      await loadWallet(ctx.db, request, request.body.wallet_id);
      throw new AppError('WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR');
    },
  );

  app.get(
    '/wallets/custom-token',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(walletTokensReply),
        tags,
        querystring: walletTokensQuery,
        summary: "The wallet's tokens: the chain's known ones and those added",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const list = await walletTokens(ctx, ctx.db, wallet);
      return reply.ok({
        list: list.map((t) => ({
          contract: t.contract,
          symbol: t.symbol,
          decimals: t.decimals,
          custom: t.custom,
        })),
      });
    },
  );
}
