import { utxoSpeedUpBody } from '@keystead/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { inSpace } from '../../plugins/access-rules';
import { presentTask } from '../transfers/transfer-present';
import { loadTask } from '../transfers/transfer-steps';
import { signerKeyRoutes } from './signer-keys.routes';
import { utxoDevFaucetRoutes } from './utxo-dev-faucet.routes';
import { speedUpUtxoTransfer } from './utxo-speed-up';
import { utxoWalletRoutes } from './utxo-wallet.routes';

/** Whether a task id names a Bitcoin-family transfer (the caller still loads it with access checks). */
export async function isUtxoTask(ctx: AppContext, taskId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('tasks')
    .select(['chain_key', 'psbt'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  return Boolean(row?.chain_key && row.psbt !== null && ctx.chains.isUtxo(row.chain_key));
}

/** Whether a wallet id names a Bitcoin-family wallet. */
export async function isUtxoWalletId(ctx: AppContext, walletId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('wallets')
    .select(['chain_key', 'utxo_keys'])
    .where('id', '=', walletId)
    .executeTakeFirst();
  return Boolean(row && row.utxo_keys !== null && ctx.chains.isUtxo(row.chain_key));
}

export async function utxoRoutes(app: AppInstance, ctx: AppContext) {
  await signerKeyRoutes(app, ctx);
  await utxoWalletRoutes(app, ctx);
  if (!ctx.config.isProduction) await utxoDevFaucetRoutes(app, ctx);
  app.post(
    '/task/speed-up',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        tags: ['transfer'],
        body: utxoSpeedUpBody,
        summary: 'Bitcoin family: a replace-by-fee transfer at a higher fee rate (signed again)',
      },
    },
    async (request, reply) => {
      const loaded = await loadTask(ctx, request as FastifyRequest, request.body.task_id);
      const task = await speedUpUtxoTransfer(ctx, request, loaded, request.body);
      return reply.ok(presentTask(task));
    },
  );
}
