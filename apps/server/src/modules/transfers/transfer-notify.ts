import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Task } from '../../db/schema';
import { notify } from '../notifications/notification.service';
import { taskNumber } from './transfer-create';
import { TransferStatus } from './transfer-status';

/**
 * Tells whoever acts first on a new transfer (its approvers, or its signers when the wallet has
 * no approval step) that it waits for them — once per person, in the creating transaction.
 */
export async function notifyFirstActors(
  ctx: AppContext,
  trx: Kysely<Database>,
  task: Task,
  wallet: { id: number; name: string },
  what: string,
) {
  const approval = task.status === TransferStatus.PendingApproval;
  const rows = approval
    ? await trx
        .selectFrom('wallet_members')
        .select('user_id')
        .where('wallet_id', '=', wallet.id)
        .where('role', '=', 'approver')
        .execute()
    : await trx.selectFrom('wallet_signers').select('user_id').where('wallet_id', '=', wallet.id).execute();
  for (const userId of new Set(rows.map((row) => row.user_id))) {
    await notify(
      trx,
      {
        userId,
        organizationId: task.organization_id,
        category: 'transfer',
        topic: 'task',
        title: `Transfer ${taskNumber(task.id)} needs you`,
        body: `${what} waits for your ${approval ? 'approval' : 'signature'}.`,
        walletName: wallet.name,
        taskNumber: taskNumber(task.id),
      },
      Boolean(ctx.config.SMTP_URL),
    );
  }
}
