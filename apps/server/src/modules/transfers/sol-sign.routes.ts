import { approvalFee, NATIVE, type SquadsTransfer } from '@keystead/chains';
import { solSignCreateBody, solSignCreateReply, solSignEstimateReply } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { commandContext, type CommandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { formatUnits } from '../wallets/decimal';
import { loadTransfer } from './transfer-access';
import { family, familyOf, payingWallet, storedTransfer } from './transfer-family';
import { sameSignerKey, taskSignatures } from './transfer-repository';
import { TransferStatus } from './transfer-status';

/** The caller's signer key on the wallet that has not signed this task yet (the one named, if any). */
async function signerKeyFor(
  ctx: AppContext,
  actor: CommandContext,
  task: Task,
  wallet: Wallet,
  named: string | undefined,
): Promise<string> {
  const [mine, counted] = await Promise.all([
    ctx.db
      .selectFrom('wallet_signers')
      .select('address')
      .where('wallet_id', '=', wallet.id)
      .where('user_id', '=', actor.user.id)
      .execute(),
    taskSignatures(ctx.db, task.id),
  ]);
  const keys = mine.map((r) => r.address).filter((k) => !named || sameSignerKey(k, named));
  if (keys.length === 0) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  const open = keys.find((k) => !counted.some((c) => sameSignerKey(c.signer, k)));
  if (!open) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
  return open;
}

/** A Solana task at its signing stage, with the caller's key that signs next. */
async function signingStage(
  ctx: AppContext,
  actor: CommandContext,
  body: { task_id: number; signer?: string | undefined },
) {
  const { task, wallet } = await loadTransfer(ctx, actor, body.task_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.signingTransaction) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  if (task.status !== TransferStatus.PendingSignature) throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
  const signer = await signerKeyFor(ctx, actor, task, wallet, body.signer);
  return { task, wallet, adapter, signer, fw: await payingWallet(ctx, wallet) };
}

/**
 * Solana signing (§7 /sol-sign-create, /fee/sol-sign-estimate): a signer's approval is a Squads
 * transaction built fresh when they sign (a blockhash lives about a minute), paid by the space's
 * fee payer; they sign it in their wallet and send it back through POST /sign.
 */
export async function solSignRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/sol-sign-create',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(solSignCreateReply),
        tags: ['transfer'],
        body: solSignCreateBody,
        summary: 'The Squads approval transaction a Solana signer signs now',
      },
    },
    async (request, reply) => {
      const { task, adapter, signer, fw } = await signingStage(ctx, commandContext(request), request.body);
      if (!fw.feePayer) throw new AppError('WALLET_STATUS_ERROR');
      const built = await family(() => adapter.signingTransaction!(fw, storedTransfer(task), signer));
      return reply.ok({
        transaction: built.transaction,
        last_valid_block_height: built.lastValidBlockHeight,
        transaction_index: built.index,
        proposes: built.proposes,
        signer,
        fee_payer: fw.feePayer.address,
      });
    },
  );

  app.post(
    '/fee/sol-sign-estimate',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(solSignEstimateReply),
        tags: ['transfer'],
        body: solSignCreateBody,
        summary: 'What a Solana approval costs the space’s fee payer, and what it holds',
      },
    },
    async (request, reply) => {
      const { task, adapter, fw } = await signingStage(ctx, commandContext(request), request.body);
      if (!fw.feePayer) throw new AppError('WALLET_STATUS_ERROR');
      const payload = JSON.parse(storedTransfer(task).payload) as SquadsTransfer;
      const fee = approvalFee(payload);
      const sheet = await family(() => adapter.chain.getBalances([fw.feePayer!.address], [])).catch(() => {
        throw new AppError('WS_SOL_RPC_ERROR');
      });
      const balance = sheet.get(fw.feePayer.address)?.get(NATIVE) ?? 0n;
      const { nativeDecimals, nativeSymbol } = adapter.chain.info;
      return reply.ok({
        fee: formatUnits(fee, nativeDecimals),
        fee_lamports: fee.toString(),
        fee_payer: fw.feePayer.address,
        fee_payer_balance: formatUnits(balance, nativeDecimals),
        symbol: nativeSymbol,
      });
    },
  );
}
