import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { markDeploySent } from './wallet-repository';

/** A signer reports the hash of the deployment it sent; only the first report of an initializing wallet counts. */
export async function reportDeployment(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  txHash: string,
  move?: { from: number; to: number },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markDeploySent(trx, wallet.id, txHash, move)))
      throw new AppError('WALLET_INIT_TASK_EXISTS_ERROR');
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'deploy_sent',
      ip: actor.ip,
      content: { wallet_id: wallet.id, tx_hash: txHash },
    });
  });
}
