import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { markDeploySent, markLateDeployReport } from './wallet-repository';
import { WalletStatus } from './wallet-status';

/**
 * A signer reports the hash of the deployment it sent; only the first report counts. The watcher
 * may already have seen the contract on chain and made the wallet normal before that first report
 * arrives; then the report is recorded and the wallet stays normal. Returns the wallet's status.
 */
export async function reportDeployment(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  txHash: string,
  move?: { from: number; to: number },
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    let status = move?.to ?? WalletStatus.DeployPending;
    if (!(await markDeploySent(trx, wallet.id, txHash, move))) {
      if (move || !(await markLateDeployReport(trx, wallet.id, txHash)))
        throw new AppError('WALLET_INIT_TASK_EXISTS_ERROR');
      status = WalletStatus.Normal;
    }
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'deploy_sent',
      ip: actor.ip,
      content: { wallet_id: wallet.id, tx_hash: txHash },
    });
    return status;
  });
}
