import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Task } from '../../db/schema';
import { notifyEach, type Recipients } from '../notifications/notification.service';
import { taskNumber } from './transfer-create';
import { walletUserQuery } from './transfer-repository';
import { TransferStatus } from './transfer-status';

/** Where people reach the web app: PUBLIC_URL, else the address this server listens on. */
export function publicBaseUrl(ctx: AppContext): string {
  const { PUBLIC_URL, HOST, PORT } = ctx.config;
  return (PUBLIC_URL ?? `http://${HOST}:${PORT}`).replace(/\/$/, '');
}

/** One notification about a transfer to each of these people (once each), in the step's transaction. */
export async function notifyUsers(
  ctx: AppContext,
  trx: Kysely<Database>,
  people: Recipients,
  task: Task,
  walletName: string | undefined,
  title: string,
  body: string,
) {
  const notification = {
    organizationId: task.organization_id,
    category: 'transfer' as const,
    topic: 'task' as const,
    title,
    body,
    ...(walletName !== undefined ? { walletName } : {}),
    taskNumber: taskNumber(task.id),
    link: `/task/${task.id}`,
    linkUrl: `${publicBaseUrl(ctx)}/task/${task.id}`,
  };
  await notifyEach(trx, people, notification, Boolean(ctx.config.SMTP_URL));
}

/**
 * Tells whoever acts first on a new transfer (its approvers, or its signers when the wallet has
 * no approval step) that it waits for them.
 */
export async function notifyFirstActors(
  ctx: AppContext,
  trx: Kysely<Database>,
  task: Task,
  wallet: { id: number; name: string },
  what: string,
) {
  const approval = task.status === TransferStatus.PendingApproval;
  const people = walletUserQuery(trx, wallet.id, [approval ? 'approver' : 'signer']);
  const step = approval ? 'approval' : 'signature';
  await notifyUsers(
    ctx,
    trx,
    people,
    task,
    wallet.name,
    `Transfer ${taskNumber(task.id)} needs you`,
    `${what} waits for your ${step}.`,
  );
}
