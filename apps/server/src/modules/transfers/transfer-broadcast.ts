import type { FastifyRequest } from 'fastify';
import { formatGwei } from 'viem';
import {
  decodeSignedTransaction,
  isChainError,
  type EvmAdapter,
  type SignedEvmTransaction,
} from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import type { WalletRelation } from '../policy/policy';
import { safeTxFromJson } from './safe-tx-store';
import { bumpedGasPrice, gasPriceFor, isEnoughBump, type FeeTierChoice } from './transfer-fees';
import { BroadcastStatus, relayBroadcast } from './broadcast-relay';
import { loadTask, lockTask } from './transfer-steps';
import { TransferStatus } from './transfer-status';

/**
 * Who may broadcast, by the wallet's broadcast scope (§3: 2 operator/initiator, 3 admins,
 * initiator and approvers, 4 signers); the wallet's broadcasters always may. Viewers never.
 */
export function assertMayBroadcast(
  task: Task,
  wallet: Wallet,
  relation: WalletRelation,
  userId: number,
  spaceRole: number,
) {
  const initiator = task.created_by === userId || relation.roles.has('operator');
  const scope = wallet.broadcast_scope;
  const byScope =
    scope === 3
      ? initiator || relation.roles.has('approver') || spaceRole === 1 || spaceRole === 2
      : scope === 4
        ? relation.isSigner
        : initiator;
  if (!byScope && !relation.roles.has('broadcaster')) throw new AppError('PERMISSION_BROADCAST_ERROR');
}

/** The execTransaction call carrying the collected signatures, sorted by owner. */
export async function executionCall(ctx: AppContext, task: Task, wallet: Wallet, chain: EvmAdapter) {
  const signatures = await ctx.db
    .selectFrom('task_signatures')
    .select(['signer', 'kind', 'signature'])
    .where('task_id', '=', task.id)
    .execute();
  const encoded = chain.encodeSafeSignatures(
    signatures.map((s) => ({
      signer: s.signer as `0x${string}`,
      kind: s.kind as 'eip712',
      signature: s.signature as `0x${string}`,
    })),
  );
  const tx = safeTxFromJson(task.safe_tx);
  return { tx, encoded, call: chain.buildExecTransaction(wallet.address!, tx, encoded) };
}

async function pendingAttempt(ctx: AppContext, taskId: number) {
  return ctx.db
    .selectFrom('task_broadcasts')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('status', '=', BroadcastStatus.Pending)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The unsigned transaction the broadcaster's wallet signs. At 5 it is a first broadcast, checked
 * by simulation so a doomed transaction is never offered; at 6 it is a speed-up of the pending
 * attempt: same account nonce, fees raised enough for the node to replace it.
 */
export async function prepareBroadcast(
  ctx: AppContext,
  request: FastifyRequest,
  input: {
    task_id: number;
    from: string;
    fee_tier?: FeeTierChoice | undefined;
    custom_fee_gwei?: string | undefined;
  },
) {
  const { user } = requireUser(request);
  const { member } = requireSpace(request);
  const { task, wallet, relation } = await loadTask(ctx, request, input.task_id);
  assertMayBroadcast(task, wallet, relation, user.id, member.role);
  const chain = ctx.chains.walletChain(wallet.chain_key);
  const from = chain.normalizeAddress(input.from);
  const tier = input.fee_tier ?? ((task.fee_tier ?? 'standard') as FeeTierChoice);
  const wanted = await gasPriceFor(
    chain,
    tier,
    tier === 'custom' ? (input.custom_fee_gwei ?? customGweiOf(task)) : null,
  );
  const { call, tx, encoded } = await executionCall(ctx, task, wallet, chain);

  if (task.status === TransferStatus.OnChain) {
    const attempt = await pendingAttempt(ctx, task.id);
    if (!attempt || !attempt.raw_tx) throw new AppError('TX_ALREADY_BROADCAST_ERROR');
    if (attempt.from_address.toLowerCase() !== from.toLowerCase())
      throw new AppError('BROADCAST_DUPLICATED_ERROR');
    const previous = await decodeSignedTransaction(attempt.raw_tx);
    const fees = bumpedGasPrice(previous, wanted);
    return presentUnsigned(chain, from, call, Number(attempt.account_nonce), previous.gas, fees, true);
  }
  if (task.status === TransferStatus.Completed || task.status === TransferStatus.Failed)
    throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
  if (task.status !== TransferStatus.PendingBroadcast) throw new AppError('TASK_STATUS_ERROR');

  const safe = await chain.readSafe(wallet.address!);
  if (!safe) throw new AppError('WALLET_STATUS_ERROR');
  if (safe.nonce > tx.nonce) throw new AppError('NONCE_TOO_LOW_ERROR');
  // The Safe nonce queue: an earlier transfer must execute (or be rejected) first.
  if (safe.nonce < tx.nonce)
    throw new AppError(
      'BROADCAST_REJECTED_ERROR',
      {},
      { reason: 'queue', waiting_for_nonce: safe.nonce.toString() },
    );
  const simulation = await chain.simulateExec({ from, safe: wallet.address!, tx, signatures: encoded });
  if (!simulation.ok)
    throw new AppError(
      'BROADCAST_REJECTED_ERROR',
      {},
      { reason: simulation.reason, detail: simulation.reasonText ?? null },
    );
  // Safe's execTransaction needs gasleft() ≥ safeTxGas·64/63 + margin: estimate, then add 30 %.
  const gas = ((simulation.gasEstimate ?? 300_000n) * 13n) / 10n;
  const [nonce, balances] = await Promise.all([
    chain.getAccountNonce(from),
    chain.getBalances(
      [from],
      [{ contract: null, symbol: chain.info.nativeSymbol, decimals: chain.info.nativeDecimals }],
    ),
  ]);
  const funds = balances.get(from)?.get('native') ?? 0n;
  if (funds < gas * wanted.maxFeePerGas) throw new AppError('BROADCAST_INSUFFICIENT_FEE_ERROR');
  return presentUnsigned(chain, from, call, nonce, gas, wanted, false);
}

/** A custom tier's stored max fee, in the Gwei the fee rules read. */
function customGweiOf(task: Task): string | null {
  return task.max_fee_per_gas ? formatGwei(BigInt(task.max_fee_per_gas)) : null;
}

function presentUnsigned(
  chain: EvmAdapter,
  from: string,
  call: { to: string; data: string; value: bigint },
  nonce: number,
  gas: bigint,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  speedUp: boolean,
) {
  return {
    chain_id: chain.chainId,
    from,
    to: call.to,
    data: call.data,
    value: call.value.toString(),
    nonce,
    gas: gas.toString(),
    max_fee_per_gas: fees.maxFeePerGas.toString(),
    max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
    speed_up: speedUp,
  };
}

async function decodeExpected(
  chain: EvmAdapter,
  raw: string,
  call: { to: string; data: string; value: bigint },
): Promise<SignedEvmTransaction> {
  let signed: SignedEvmTransaction;
  try {
    signed = await decodeSignedTransaction(raw);
  } catch (error) {
    if (isChainError(error)) throw new AppError('SIGNATURE_INVALID_ERROR');
    throw error;
  }
  // Relay only exactly the expected call on this chain: nothing else may ride on the outbox.
  if (signed.chainId !== chain.chainId) throw new AppError('SIGNATURE_CHAIN_UNSUPPORTED_ERROR');
  if (
    signed.to?.toLowerCase() !== call.to.toLowerCase() ||
    signed.data.toLowerCase() !== call.data.toLowerCase() ||
    signed.value !== call.value
  )
    throw new AppError('TASK_DATA_CHANGED_ERROR');
  return signed;
}

/**
 * Takes the broadcaster's signed execTransaction (or, for wallets that only send, the hash they
 * sent). The attempt is stored and the task moved to 6 in one transaction BEFORE anything is
 * sent; then it is relayed. A crash in between is repaired by the watcher, which looks the hash
 * up before sending again — so one task executes once.
 */
export async function acceptBroadcast(
  ctx: AppContext,
  request: FastifyRequest,
  input: { task_id: number; raw_tx?: string | undefined; tx_hash?: string | undefined },
) {
  const { user } = requireUser(request);
  const { member } = requireSpace(request);
  if (Boolean(input.raw_tx) === Boolean(input.tx_hash))
    throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'raw_tx' });
  const { task, wallet, relation } = await loadTask(ctx, request, input.task_id);
  assertMayBroadcast(task, wallet, relation, user.id, member.role);
  const chain = ctx.chains.walletChain(wallet.chain_key);
  let signed: SignedEvmTransaction | null = null;
  if (input.raw_tx) {
    const { call } = await executionCall(ctx, task, wallet, chain);
    signed = await decodeExpected(chain, input.raw_tx, call);
  }
  const hash = signed ? signed.hash : input.tx_hash!.toLowerCase();

  const attemptId = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockTask(trx, task.id);
    const duplicate = await trx
      .selectFrom('task_broadcasts')
      .select('id')
      .where('tx_hash', '=', hash)
      .executeTakeFirst();
    if (duplicate)
      throw new AppError(
        locked.status === TransferStatus.OnChain
          ? 'TX_ALREADY_BROADCAST_ERROR'
          : 'BROADCAST_DUPLICATED_ERROR',
      );
    if (locked.status === TransferStatus.OnChain) {
      // A speed-up: the same account nonce with enough higher fees; the older attempt stays
      // pending until one of them is mined.
      const previous = await trx
        .selectFrom('task_broadcasts')
        .selectAll()
        .where('task_id', '=', task.id)
        .where('status', '=', BroadcastStatus.Pending)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!signed || !previous?.raw_tx) throw new AppError('TX_ALREADY_BROADCAST_ERROR');
      const before = await decodeSignedTransaction(previous.raw_tx);
      if (signed.from !== before.from || signed.nonce !== before.nonce)
        throw new AppError('BROADCAST_DUPLICATED_ERROR');
      if (!isEnoughBump(before, signed)) throw new AppError('SPEED_UP_FEE_TOO_LOW_ERROR');
    } else if (locked.status === TransferStatus.Completed || locked.status === TransferStatus.Failed) {
      throw new AppError('TX_ALREADY_CONFIRMED_ERROR');
    } else if (locked.status !== TransferStatus.PendingBroadcast) {
      throw new AppError('TASK_STATUS_ERROR');
    }
    const row = await trx
      .insertInto('task_broadcasts')
      .values({
        task_id: task.id,
        tx_hash: hash,
        from_address: signed?.from ?? '',
        account_nonce: String(signed?.nonce ?? -1),
        max_fee_per_gas: (signed?.maxFeePerGas ?? 0n).toString(),
        raw_tx: input.raw_tx ?? null,
        // A hash the wallet already sent counts as sent; raw transactions are sent below.
        sent_at: signed ? null : new Date(),
        send_count: signed ? 0 : 1,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('tasks')
      .set({ status: TransferStatus.OnChain, exec_tx_hash: hash, updated_at: new Date() })
      .where('id', '=', task.id)
      .execute();
    const speedUp = locked.status === TransferStatus.OnChain;
    await writeAudit(trx, {
      organizationId: task.organization_id,
      userId: user.id,
      type: 'transfer',
      operation: speedUp ? 'speed_up' : 'broadcast',
      ip: request.ip,
      content: {
        task_id: task.id,
        tx_hash: hash,
        from: signed?.from ?? null,
        max_fee_per_gas: signed?.maxFeePerGas.toString() ?? null,
      },
    });
    return row.id;
  });
  if (signed) await relayBroadcast(ctx, attemptId);
  return { status: TransferStatus.OnChain, tx_hash: hash };
}
