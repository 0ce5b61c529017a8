import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { isChainError } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Database, Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkTotp, recordTotpStep } from '../auth/totp-check';
import { notify } from '../notifications/notification.service';
import { loadWallet } from '../wallets/wallet-access';
import { taskNumber } from './transfer-create';
import { safeTxFromJson, safeTxToJson } from './safe-tx-store';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';

/** A transfer task of the request's space (any other id reads as not found). */
export async function loadTask(ctx: AppContext, request: FastifyRequest, taskId: number) {
  const { organization } = requireSpace(request);
  const task = await ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('organization_id', '=', organization.id)
    .where('type', '=', TRANSFER_TASK)
    .executeTakeFirst();
  if (!task) throw new AppError('TASK_NOT_FOUND_ERROR');
  try {
    const { wallet, relation } = await loadWallet(ctx.db, request, task.wallet_id!, { allowArchived: true });
    return { task, wallet, relation };
  } catch (error) {
    // A task on a wallet hidden from this person does not exist for them either.
    if (error instanceof AppError && error.code === 'WALLET_NOT_FOUND_ERROR')
      throw new AppError('TASK_NOT_FOUND_ERROR');
    throw error;
  }
}

/** Re-reads the task under a row lock: concurrent steps on one task are serialised here. */
export async function lockTask(trx: Kysely<Database>, taskId: number): Promise<Task> {
  return trx.selectFrom('tasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirstOrThrow();
}

async function notifyUsers(
  trx: Kysely<Database>,
  ctx: AppContext,
  userIds: number[],
  task: Task,
  walletName: string,
  title: string,
  body: string,
) {
  for (const userId of new Set(userIds)) {
    await notify(
      trx,
      {
        userId,
        organizationId: task.organization_id,
        category: 'transfer',
        topic: 'task',
        title,
        body,
        walletName,
        taskNumber: taskNumber(task.id),
      },
      Boolean(ctx.config.SMTP_URL),
    );
  }
}

/** Approve or reject (§4): each approver once; the threshold decides, crossed exactly once. */
export async function approveTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  input: { task_id: number; result: 1 | 2; comment?: string | undefined; mfa_code?: string | undefined },
) {
  const { organization } = requireSpace(request);
  const { user } = requireUser(request);
  const { task, wallet, relation } = await loadTask(ctx, request, input.task_id);
  if (!relation.roles.has('approver')) throw new AppError('PERMISSION_APPROVE_ERROR');
  let totpStep: number | null = null;
  if (organization.is_open_approve) {
    if (!input.mfa_code) throw new AppError('GOOGLE_AUTHENTICATION_ERROR');
    totpStep = checkTotp(ctx, user, input.mfa_code);
  }
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status !== TransferStatus.PendingApproval) throw new AppError('TASK_STATUS_ERROR');
    if (totpStep !== null) await recordTotpStep(trx, user.id, totpStep);
    const previous = await trx
      .selectFrom('task_approvals')
      .select('result')
      .where('task_id', '=', task.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (previous)
      throw new AppError(
        previous.result === 1 ? 'TASK_ALREADY_APPROVED_ERROR' : 'TASK_ALREADY_REJECTED_ERROR',
      );
    await trx
      .insertInto('task_approvals')
      .values({ task_id: task.id, user_id: user.id, result: input.result, comment: input.comment ?? null })
      .execute();
    const counts = await trx
      .selectFrom('task_approvals')
      .select([
        sql<number>`count(*) filter (where result = 1)`.as('approved'),
        sql<number>`count(*) filter (where result = 2)`.as('rejected'),
      ])
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const approvers = await trx
      .selectFrom('wallet_members')
      .select('user_id')
      .where('wallet_id', '=', wallet.id)
      .where('role', '=', 'approver')
      .execute();
    const threshold = locked.approval_threshold ?? 0;
    let status: number = locked.status;
    if (Number(counts.approved) >= threshold) status = TransferStatus.PendingSignature;
    else if (Number(counts.rejected) > approvers.length - threshold) status = TransferStatus.ApprovalRejected;
    if (status !== locked.status)
      await trx
        .updateTable('tasks')
        .set({ status, updated_at: new Date() })
        .where('id', '=', task.id)
        .execute();
    if (status === TransferStatus.PendingSignature) {
      const signers = await trx
        .selectFrom('wallet_signers')
        .select('user_id')
        .where('wallet_id', '=', wallet.id)
        .execute();
      await notifyUsers(
        trx,
        ctx,
        signers.map((s) => s.user_id),
        locked,
        wallet.name,
        `Transfer ${taskNumber(task.id)} is approved`,
        'It now waits for your signature.',
      );
    } else if (status === TransferStatus.ApprovalRejected && locked.created_by) {
      await notifyUsers(
        trx,
        ctx,
        [locked.created_by],
        locked,
        wallet.name,
        `Transfer ${taskNumber(task.id)} was rejected`,
        input.comment ?? 'The approvers rejected it.',
      );
    }
    // Last: the space's audit chain stays locked until the commit.
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: input.result === 1 ? 'approve' : 'reject',
      ip: request.ip,
      content: { task_id: task.id, comment: input.comment ?? null },
    });
    return { status, approved: Number(counts.approved), rejected: Number(counts.rejected) };
  });
}

/**
 * Counts one signer's signature (§4 signing). The Safe transaction hash is recomputed from the
 * stored transaction; the signature must recover to a CURRENT owner read from the contract who
 * is this user's wallet signer; the Safe must run the trusted singleton without modules or guard.
 */
export async function signTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  input: { task_id: number; signature: string; kind: 'eip712' | 'eth_sign' },
) {
  const { user } = requireUser(request);
  const { task, wallet } = await loadTask(ctx, request, input.task_id);
  const chain = ctx.chains.walletChain(wallet.chain_key);
  const tx = safeTxFromJson(task.safe_tx);
  const hash = chain.safeTxHash(Number(chain.info.chainId), wallet.address!, tx);
  if (hash !== task.safe_tx_hash) throw new AppError('TASK_DATA_CHANGED_ERROR');
  let signed;
  try {
    signed = await chain.verifySafeSignature({
      safe: wallet.address!,
      tx,
      hash,
      signature: input.signature,
      kind: input.kind,
    });
  } catch (error) {
    if (isChainError(error)) throw new AppError('SIGNATURE_INVALID_ERROR');
    throw error;
  }
  // The same signature again is a duplicate whatever the status now (it may have crossed the threshold).
  const already = await ctx.db
    .selectFrom('task_signatures')
    .select('user_id')
    .where('task_id', '=', task.id)
    .where(sql<boolean>`lower(signer) = ${signed.signer.toLowerCase()}`)
    .executeTakeFirst();
  if (already) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
  if (task.status !== TransferStatus.PendingSignature) throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
  const safe = await chain.readSafe(wallet.address!);
  if (!safe || !safe.trustedSingleton || safe.modules.length > 0 || !/^0x0{40}$/i.test(safe.guard))
    throw new AppError('SIGNATURE_VERIFY_ERROR');
  if (safe.nonce > tx.nonce) throw new AppError('TASK_DATA_CHANGED_ERROR');
  const isOwner = safe.owners.some((owner) => owner.toLowerCase() === signed.signer.toLowerCase());
  const mine = await ctx.db
    .selectFrom('wallet_signers')
    .select('user_id')
    .where('wallet_id', '=', wallet.id)
    .where(sql<boolean>`lower(address) = ${signed.signer.toLowerCase()}`)
    .executeTakeFirst();
  if (!isOwner || !mine || mine.user_id !== user.id) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    const duplicate = await trx
      .selectFrom('task_signatures')
      .select('user_id')
      .where('task_id', '=', task.id)
      .where('signer', '=', signed.signer)
      .executeTakeFirst();
    if (duplicate) throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    if (locked.status !== TransferStatus.PendingSignature) throw new AppError('SIGNATURE_TASK_STATUS_ERROR');
    const inserted = await trx
      .insertInto('task_signatures')
      .values({
        task_id: task.id,
        signer: signed.signer,
        user_id: user.id,
        kind: signed.kind,
        signature: signed.signature,
      })
      .onConflict((oc) => oc.columns(['task_id', 'signer']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1)
      throw new AppError('SIGNATURE_DUPLICATE_ERROR');
    const count = await trx
      .selectFrom('task_signatures')
      .select(sql<number>`count(*)`.as('n'))
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const ready = Number(count.n) >= safe.threshold;
    if (ready)
      await trx
        .updateTable('tasks')
        .set({
          status: TransferStatus.PendingBroadcast,
          signing_threshold: safe.threshold,
          updated_at: new Date(),
        })
        .where('id', '=', task.id)
        .execute();
    if (ready) {
      const broadcasters = await trx
        .selectFrom('wallet_members')
        .select('user_id')
        .where('wallet_id', '=', wallet.id)
        .where('role', 'in', ['broadcaster', 'operator'])
        .execute();
      await notifyUsers(
        trx,
        ctx,
        broadcasters.map((b) => b.user_id),
        locked,
        wallet.name,
        `Transfer ${taskNumber(task.id)} is signed`,
        'It is ready to broadcast.',
      );
    }
    // Last: the space's audit chain stays locked until the commit.
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'sign',
      ip: request.ip,
      content: { task_id: task.id, signer: signed.signer, kind: signed.kind },
    });
    return {
      status: ready ? TransferStatus.PendingBroadcast : TransferStatus.PendingSignature,
      signatures: Number(count.n),
      threshold: safe.threshold,
    };
  });
}

/**
 * Revoke (§4: 0, 3 and 5). Before the signatures are complete the nonce is simply freed. A fully
 * signed transfer (5) could still be executed by anyone holding the signatures, so it is
 * cancelled on chain: a rejection Safe transaction at the same nonce becomes its own task that
 * the signers sign and the broadcaster sends; when it executes the original becomes 7.
 */
export async function revokeTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  input: { task_id: number; comment?: string | undefined },
) {
  const { member } = requireSpace(request);
  const { user } = requireUser(request);
  const { task, wallet } = await loadTask(ctx, request, input.task_id);
  const privileged = member.role === 1 || member.role === 2;
  if (task.created_by !== user.id && !privileged) throw new AppError('PERMISSION_REVOKE_ERROR');
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (locked.status === TransferStatus.Revoked) throw new AppError('TASK_ALREADY_REVOKED_ERROR');
    if (locked.status === TransferStatus.PendingBroadcast && !locked.rejection_of) {
      const existing = await trx
        .selectFrom('tasks')
        .select('id')
        .where('rejection_of', '=', task.id)
        .where('status', 'in', [0, 3, 5, 6])
        .executeTakeFirst();
      if (existing) throw new AppError('TASK_ALREADY_REVOKED_ERROR', {}, { rejection_task_id: existing.id });
      const rejection = await createRejection(ctx, trx, locked, wallet, user.id);
      await writeAudit(trx, {
        organizationId: task.organization_id,
        userId: user.id,
        type: 'transfer',
        operation: 'revoke_requested',
        ip: request.ip,
        content: {
          task_id: task.id,
          rejection_task_id: rejection.id,
          nonce: locked.safe_nonce,
          comment: input.comment ?? null,
        },
      });
      const signers = await trx
        .selectFrom('wallet_signers')
        .select('user_id')
        .where('wallet_id', '=', wallet.id)
        .execute();
      await notifyUsers(
        trx,
        ctx,
        signers.map((s) => s.user_id),
        rejection,
        wallet.name,
        `Cancel transfer ${taskNumber(task.id)}`,
        `Sign the rejection at nonce ${locked.safe_nonce ?? ''} so the signed transfer can never execute.`,
      );
      return { status: locked.status, rejection_task_id: rejection.id };
    }
    if (locked.status !== TransferStatus.PendingApproval && locked.status !== TransferStatus.PendingSignature)
      throw new AppError('TASK_NOT_REVOCABLE_ERROR');
    await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.Revoked, revoked_by: user.id, updated_at: new Date() })
      .where('id', '=', task.id)
      .execute();
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: 'revoke',
      ip: request.ip,
      content: { task_id: task.id, stage: locked.status, comment: input.comment ?? null },
    });
    return { status: TransferStatus.Revoked };
  });
}

/** The on-chain cancel of a signed transfer: a 0-value call of the Safe to itself at the same nonce. */
async function createRejection(
  ctx: AppContext,
  trx: Kysely<Database>,
  original: Task,
  wallet: Wallet,
  userId: number,
): Promise<Task> {
  const chain = ctx.chains.walletChain(wallet.chain_key);
  const tx = chain.buildRejection(wallet.address!, BigInt(original.safe_nonce!));
  return trx
    .insertInto('tasks')
    .values({
      organization_id: original.organization_id,
      wallet_id: wallet.id,
      type: TRANSFER_TASK,
      status: TransferStatus.PendingSignature,
      created_by: userId,
      data: JSON.stringify({ rejection: true }),
      chain_key: wallet.chain_key,
      safe_nonce: original.safe_nonce,
      safe_tx: JSON.stringify(safeTxToJson(tx)),
      safe_tx_hash: chain.safeTxHash(chain.chainId, wallet.address!, tx),
      token_key: 'native',
      symbol: chain.info.nativeSymbol,
      decimals: chain.info.nativeDecimals,
      amount: '0',
      to_address: wallet.address!,
      remark: `Rejection of ${taskNumber(original.id)}`,
      approval_threshold: 0,
      signing_threshold: original.signing_threshold,
      fee_tier: original.fee_tier,
      rejection_of: original.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
