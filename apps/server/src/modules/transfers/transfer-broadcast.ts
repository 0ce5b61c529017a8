import type { FeeTierName, SignedExecution, UnsignedExecution, VerifiedSignature } from '@keystead/chains';
import type { AppContext } from '../../context';
import { claimNonce, type SignedSend } from '../fee-payers/evm-payment-send';
import { recordSponsored } from '../fee-payers/payment-records';
import { executionSponsor, sponsoredExecution } from '../fee-payers/sponsored-execution';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canOnWallet, type WalletRelation } from '../policy/policy';
import { BroadcastStatus, relayBroadcast } from './broadcast-relay';
import { loadTransfer } from './transfer-access';
import { family, familyOf, familyWallet, feeChoice, payingWallet, storedTransfer } from './transfer-family';
import { lockTask, taskSignatures } from './transfer-repository';
import { PRESIGNED_TASK, TransferStatus } from './transfer-status';
import { assertNoRecoveryPending } from './transfer-wallet';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';

type FeeTier = FeeTierName | 'custom';

/** Who may broadcast: the wallet's broadcasters and whoever its broadcast scope names (modules/policy). */
export function assertMayBroadcast(
  actor: CommandContext,
  task: Task,
  wallet: Wallet,
  relation: WalletRelation,
) {
  const decision = canOnWallet(actor.member.role, relation, 'broadcast', {
    userId: actor.user.id,
    createdBy: task.created_by,
    broadcastScope: wallet.broadcast_scope,
  });
  if (!decision.allowed) throw new AppError(decision.code!);
  // A transfer policy's delay (issue 21): no first broadcast before its time.
  if (
    task.status === TransferStatus.PendingBroadcast &&
    task.broadcast_after &&
    task.broadcast_after > new Date()
  )
    throw new AppError('TRANSFER_POLICY_DELAY_ERROR', {
      until: task.broadcast_after.toISOString().slice(0, 16).replace('T', ' '),
    });
}

/** The collected signatures as the adapter reads them. */
async function signaturesOf(ctx: AppContext, taskId: number): Promise<VerifiedSignature[]> {
  const rows = await taskSignatures(ctx.db, taskId);
  return rows.map((s) => ({ signerKey: s.signer, kind: s.kind, proof: s.signature, audit: {} }));
}

function pendingAttempt(ctx: AppContext, taskId: number) {
  return ctx.db
    .selectFrom('task_broadcasts')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('status', '=', BroadcastStatus.Pending)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Families whose broadcaster's account signs the execution: the unsigned execution to sign. At 5
 * it is a first broadcast, checked by simulation so a doomed transaction is never offered; at 6
 * it is a speed-up of the pending attempt (same account nonce, fees raised enough).
 */
export async function prepareBroadcast(
  ctx: AppContext,
  actor: CommandContext,
  input: {
    task_id: number;
    from: string;
    fee_tier?: FeeTier | undefined;
    custom_fee_gwei?: string | undefined;
    email_code?: string | undefined;
  },
) {
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  assertMayBroadcast(actor, task, wallet, relation);
  // A pre-signed transfer's execution is handed out only with the broadcaster's e-mail code
  // (checked here, used up by the broadcast itself).
  if (task.type === PRESIGNED_TASK && task.status === TransferStatus.PendingBroadcast)
    await preSignedBroadcastCode(ctx, actor, input.email_code);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.prepareExecution) throw new AppError('TASK_STATUS_ERROR');
  const tier = input.fee_tier ?? ((task.fee_tier ?? 'standard') as FeeTier);
  const fee = feeChoice(tier, tier === 'custom' ? (input.custom_fee_gwei ?? task.fee_rate) : null);
  let previousRaw: string | null = null;
  if (task.status === TransferStatus.OnChain) {
    const attempt = await pendingAttempt(ctx, task.id);
    if (!attempt?.raw_tx) throw new AppError('TX_ALREADY_BROADCAST_ERROR');
    previousRaw = attempt.raw_tx;
  } else if (task.status === TransferStatus.Completed || task.status === TransferStatus.Failed) {
    throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  } else if (task.status !== TransferStatus.PendingBroadcast) {
    throw new AppError('TASK_STATUS_ERROR');
  }
  const signatures = await signaturesOf(ctx, task.id);
  const unsigned = await family(() =>
    adapter.prepareExecution!(familyWallet(wallet), storedTransfer(task), signatures, {
      from: input.from,
      fee,
      previousRaw,
    }),
  );
  return presentUnsigned(unsigned, previousRaw !== null);
}

function presentUnsigned(u: UnsignedExecution, speedUp: boolean) {
  return {
    chain_id: u.chainId,
    from: u.from,
    to: u.to,
    data: u.data,
    value: u.value.toString(),
    nonce: u.nonce,
    gas: u.gas.toString(),
    max_fee_per_gas: u.maxFeePerGas.toString(),
    max_priority_fee_per_gas: u.maxPriorityFeePerGas.toString(),
    speed_up: speedUp,
  };
}

interface Attempt {
  hash: string;
  raw: string | null;
  from: string;
  nonce: number;
  fee: string;
  /** Fee and size the finalized transaction pays (server-finalizes families). */
  finalized: { fee: string | null; vsize: number | null } | null;
}

/**
 * Broadcast, for every family. Server-finalizing families: the server assembles the raw
 * transaction from the stored payload (refused below the threshold). Sender-signing families:
 * the broadcaster's signed execution is accepted only if it is exactly the expected call (or,
 * for wallets that only send, the hash they sent). Either way — the outbox rule — the attempt is
 * stored and the task moved to 6 in one transaction BEFORE anything is sent; the watcher repairs
 * a crash in between by asking the node before it sends again, so one transfer executes once.
 */
export async function broadcastTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: {
    task_id: number;
    raw_tx?: string | undefined;
    tx_hash?: string | undefined;
    email_code?: string | undefined;
  },
) {
  const { user } = actor;
  const { task, wallet, relation } = await loadTransfer(ctx, actor, input.task_id);
  assertMayBroadcast(actor, task, wallet, relation);
  assertNoRecoveryPending(wallet, task);
  // Sending a pre-signed transfer (not reporting a hash sent elsewhere) takes the e-mail code.
  const codeId =
    task.type === PRESIGNED_TASK && !input.tx_hash && task.status === TransferStatus.PendingBroadcast
      ? await preSignedBroadcastCode(ctx, actor, input.email_code)
      : null;
  const adapter = familyOf(ctx, wallet.chain_key);
  const fw = await payingWallet(ctx, wallet);
  const sponsor = await executionSponsor(ctx, adapter, wallet, input);
  let sponsored: SignedSend | null = null;
  let attempt: Attempt;
  if (adapter.capabilities.broadcast === 'server-finalizes') {
    if (task.status === TransferStatus.OnChain) throw new AppError('TX_ALREADY_BROADCAST_ERROR');
    if (task.status === TransferStatus.Completed || task.status === TransferStatus.Failed) {
      throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
    }
    const final = await family(() => adapter.finalize!(fw, storedTransfer(task)));
    if (task.status !== TransferStatus.PendingBroadcast) throw new AppError('TASK_STATUS_ERROR');
    if (task.replaces) {
      const original = await ctx.db
        .selectFrom('tasks')
        .select('status')
        .where('id', '=', task.replaces)
        .executeTakeFirstOrThrow();
      if (original.status === TransferStatus.Completed) throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
    }
    const finalized = { fee: final.fee?.toString() ?? null, vsize: final.vsize };
    attempt = {
      hash: final.txHash,
      raw: final.raw,
      from: '',
      nonce: -1,
      fee: finalized.fee ?? '0',
      finalized,
    };
  } else if (sponsor) {
    // The wallet's payment address sends the execution and pays its gas (a speed-up at 6).
    const previousRaw =
      task.status === TransferStatus.OnChain ? ((await pendingAttempt(ctx, task.id))?.raw_tx ?? null) : null;
    if (task.status === TransferStatus.OnChain && !previousRaw)
      throw new AppError('TX_ALREADY_BROADCAST_ERROR');
    sponsored = await sponsoredExecution(
      ctx,
      adapter,
      sponsor,
      fw,
      task,
      storedTransfer(task),
      await signaturesOf(ctx, task.id),
      previousRaw,
    );
    attempt = {
      hash: sponsored.hash,
      raw: sponsored.raw,
      from: sponsor.address,
      nonce: sponsored.nonce,
      fee: sponsored.maxFeePerGas.toString(),
      finalized: null,
    };
  } else {
    if (Boolean(input.raw_tx) === Boolean(input.tx_hash))
      throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'raw_tx' });
    let signed: SignedExecution | null = null;
    if (input.raw_tx) {
      const signatures = await signaturesOf(ctx, task.id);
      const raw = input.raw_tx;
      signed = await family(() => adapter.checkSignedExecution!(fw, storedTransfer(task), signatures, raw));
    }
    attempt = signed
      ? {
          hash: signed.hash,
          raw: input.raw_tx!,
          from: signed.from,
          nonce: signed.nonce,
          fee: signed.maxFeePerGas.toString(),
          finalized: null,
        }
      : { hash: input.tx_hash!.toLowerCase(), raw: null, from: '', nonce: -1, fee: '0', finalized: null };
  }

  const attemptId = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    if (codeId !== null) await markCodeUsed(trx, codeId);
    const duplicate = await trx
      .selectFrom('task_broadcasts')
      .select('id')
      .where('tx_hash', '=', attempt.hash)
      .executeTakeFirst();
    if (duplicate) {
      throw new AppError(
        locked.status === TransferStatus.OnChain
          ? 'TX_ALREADY_BROADCAST_ERROR'
          : 'BROADCAST_DUPLICATED_ERROR',
      );
    }
    if (locked.status === TransferStatus.OnChain) {
      // Only a speed-up of the same task (another attempt at the same account nonce) lands here.
      const previous = await trx
        .selectFrom('task_broadcasts')
        .select('raw_tx')
        .where('task_id', '=', task.id)
        .where('status', '=', BroadcastStatus.Pending)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!adapter.checkReplacement || !attempt.raw || !previous?.raw_tx)
        throw new AppError('TX_ALREADY_BROADCAST_ERROR');
      const [before, next] = [previous.raw_tx, attempt.raw];
      await family(() => adapter.checkReplacement!(before, next));
    } else if (locked.status === TransferStatus.Completed || locked.status === TransferStatus.Failed) {
      throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
    } else if (locked.status !== TransferStatus.PendingBroadcast) {
      throw new AppError('TASK_STATUS_ERROR');
    }
    const relayed = attempt.raw !== null;
    const row = await trx
      .insertInto('task_broadcasts')
      .values({
        task_id: task.id,
        tx_hash: attempt.hash,
        from_address: attempt.from,
        account_nonce: String(attempt.nonce),
        max_fee_per_gas: attempt.fee,
        raw_tx: attempt.raw,
        // A hash the wallet already sent counts as sent; raw transactions are sent below.
        sent_at: relayed ? null : new Date(),
        send_count: relayed ? 0 : 1,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Fee-sponsored families: the space's fee payer signs and pays the execution.
    if (adapter.followSponsored && fw.feePayer)
      await recordSponsored(trx, {
        organizationId: wallet.organization_id,
        chainKey: wallet.chain_key,
        purpose: 'execution',
        sender: fw.feePayer.address,
        hashes: [attempt.hash],
        walletId: wallet.id,
        taskId: task.id,
      });
    // A payment address's send: its nonce taken once, and what it pays on record.
    if (sponsor && sponsored) {
      await claimNonce(trx, sponsor.id, sponsored, locked.status === TransferStatus.OnChain);
      await recordSponsored(trx, {
        organizationId: wallet.organization_id,
        chainKey: wallet.chain_key,
        purpose: 'execution',
        sender: sponsor.address,
        hashes: [attempt.hash],
        walletId: wallet.id,
        taskId: task.id,
        paymentAddressId: sponsor.id,
        raw: sponsored.raw,
        nonce: sponsored.nonce,
      });
    }
    await trx
      .updateTable('tasks')
      .set({
        status: TransferStatus.OnChain,
        exec_tx_hash: attempt.hash,
        ...(attempt.finalized ? { fee_sat: attempt.finalized.fee, vsize: attempt.finalized.vsize } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', task.id)
      .execute();
    const speedUp = locked.status === TransferStatus.OnChain || task.replaces !== null;
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: speedUp ? 'speed_up' : 'broadcast',
      ip: actor.ip,
      content: {
        task_id: task.id,
        tx_hash: attempt.hash,
        ...(attempt.from ? { from: attempt.from, max_fee_per_gas: attempt.fee } : {}),
        ...(attempt.finalized
          ? { fee_sat: attempt.finalized.fee, vsize: attempt.finalized.vsize, replaces: task.replaces }
          : {}),
      },
    });
    return row.id;
  });
  if (attempt.raw) await relayBroadcast(ctx, attemptId);
  return { status: TransferStatus.OnChain, tx_hash: attempt.hash };
}

/** The broadcaster's e-mail code of purpose pre_sign_broadcast, checked (not yet used up). */
async function preSignedBroadcastCode(ctx: AppContext, actor: CommandContext, code: string | undefined) {
  if (!code) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email_code' });
  return checkEmailCode(ctx, 'pre_sign_broadcast', actor.user.email, code);
}
