import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ContractCall } from '@keystead/chains';
import {
  EmergencyRecoveryState,
  SignerAddressStatus,
  type recoveryEnableBody,
  type recoveryQueueBody,
  type recoveryTaskBody,
  type RecoveryTx,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { dappFacts, type RecoveryAction } from '../dapp/dapp-task';
import { storeTransfer, walletToOperate } from '../transfers/transfer-create';
import { family, familyWallet, feeChoice } from '../transfers/transfer-family';
import { recoveryOps, recoveryWallet } from './recovery-access';
import { queuedTx, queueWindow } from './recovery-queue';
import { activeRecoveryTasks, memberSignerAddress, recoveryOf, walletOwners } from './recovery-repository';

type EnableInput = z.infer<typeof recoveryEnableBody>;
type TaskInput = z.infer<typeof recoveryTaskBody>;
type QueueInput = z.infer<typeof recoveryQueueBody>;

const HOUR = 3600;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * POST /wallets/recovery/enable (admins: §4 "allowed by admin"): a wallet task whose Safe
 * transaction deploys the delay module, enables it on the Safe and lets the recoverer queue on
 * it. The recoverer is a member's verified address or a backup address, never one of the owners.
 */
export async function enableRecovery(ctx: AppContext, actor: CommandContext, input: EnableInput) {
  await recoveryWallet(ctx, actor, input.wallet_id, 'manage');
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id, {
    recoveryTask: true,
  });
  const ops = recoveryOps(ctx, wallet.chain_key);
  if (wallet.recovery_state !== EmergencyRecoveryState.NotEnabled)
    throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  const owners = await walletOwners(ctx.db, wallet.id);
  if (owners.some((o) => same(o.address, input.recoverer_address)))
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'recoverer_address' });
  const member = await memberSignerAddress(ctx.db, actor.organization.id, input.recoverer_address);
  if (member && member.status !== SignerAddressStatus.Verified)
    throw new AppError('SIGNER_NOT_VERIFIED_ERROR');
  const saltNonce = BigInt(`0x${randomBytes(8).toString('hex')}`);
  const params = {
    recoverer: input.recoverer_address,
    cooldownSeconds: input.cooldown_hours * HOUR,
    expirationSeconds: input.expiration_hours * HOUR,
    saltNonce,
  };
  const { delay, calls } = await family(() => ops.setup(familyWallet(wallet), params));
  const dapp: RecoveryAction = {
    action: 'recovery_enable',
    delay,
    recoverer: params.recoverer,
    cooldown_hours: input.cooldown_hours,
    expiration_hours: input.expiration_hours,
  };
  return recoveryTask(ctx, actor, { wallet, tokens, known }, input, dapp, calls, async (trx) => {
    await trx
      .insertInto('wallet_recoveries')
      .values({
        wallet_id: wallet.id,
        delay_address: delay,
        recoverer_address: params.recoverer,
        recoverer_user_id: member?.user_id ?? null,
        cooldown_seconds: params.cooldownSeconds,
        expiration_seconds: params.expirationSeconds,
        salt_nonce: saltNonce.toString(),
        created_by: actor.user.id,
      })
      .onConflict((oc) => oc.column('wallet_id').doNothing())
      .executeTakeFirstOrThrow()
      .then((result) => {
        // A recovery row left by another request under this lock: only one enabling at a time.
        if (!result.numInsertedOrUpdatedRows) throw new AppError('WALLET_RECOVERY_STATE_ERROR');
      });
    await trx
      .updateTable('wallets')
      .set({ recovery_state: EmergencyRecoveryState.AllowedByAdmin, recovery_module: delay })
      .where('id', '=', wallet.id)
      .execute();
  });
}

/**
 * POST /wallets/recovery/cancel: the owners' veto, a wallet task calling setTxNonce(queueNonce)
 * on the module, which skips every recovery queued so far. Allowed while a recovery is pending
 * (the one task that is).
 */
export async function cancelRecovery(ctx: AppContext, actor: CommandContext, input: TaskInput) {
  await recoveryWallet(ctx, actor, input.wallet_id, 'cancel');
  const operable = await walletToOperate(ctx, actor, input.wallet_id, { recoveryTask: true });
  const recovery = await recoveryOf(ctx.db, input.wallet_id);
  if (!recovery || operable.wallet.recovery_state !== EmergencyRecoveryState.PendingRestore)
    throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  const ops = recoveryOps(ctx, operable.wallet.chain_key);
  const dapp: RecoveryAction = {
    action: 'recovery_cancel',
    delay: recovery.delay_address,
    queue_nonce: recovery.queue_nonce,
  };
  const call = ops.cancelCall(recovery.delay_address, recovery.queue_nonce);
  return recoveryTask(ctx, actor, operable, input, dapp, [call]);
}

/** POST /wallets/recovery/disable (admins): a wallet task disabling the module on the Safe. */
export async function disableRecovery(ctx: AppContext, actor: CommandContext, input: TaskInput) {
  await recoveryWallet(ctx, actor, input.wallet_id, 'manage');
  const operable = await walletToOperate(ctx, actor, input.wallet_id, { recoveryTask: true });
  const recovery = await recoveryOf(ctx.db, input.wallet_id);
  if (!recovery || operable.wallet.recovery_state !== EmergencyRecoveryState.Enabled)
    throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  const ops = recoveryOps(ctx, operable.wallet.chain_key);
  const call = await family(() => ops.disableCall(familyWallet(operable.wallet), recovery.delay_address));
  const dapp: RecoveryAction = { action: 'recovery_disable', delay: recovery.delay_address };
  return recoveryTask(ctx, actor, operable, input, dapp, [call]);
}

/**
 * One recovery task at a time, through the one lifecycle: the module's calls from the Safe at its
 * next nonce, moving nothing (the policy sees 0 sent to the module).
 */
function recoveryTask(
  ctx: AppContext,
  actor: CommandContext,
  { wallet, tokens, known }: Awaited<ReturnType<typeof walletToOperate>>,
  input: TaskInput,
  dapp: RecoveryAction,
  calls: ContractCall[],
  alsoUnderLock?: Parameters<typeof storeTransfer>[6],
) {
  const contract = familyOfCalls(ctx, wallet);
  const native = tokens.find((t) => t.contract === null)!;
  const intent = {
    outputs: [{ to: dapp.delay, amount: 0n }],
    token: null,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei),
  };
  return storeTransfer(
    ctx,
    actor,
    wallet,
    intent,
    dappFacts(dapp, native, known, input),
    // The veto takes the Safe's next nonce on chain, ahead of any task queued there (which cannot
    // be signed or sent while the recovery is pending): the owners' veto is never stuck behind it.
    (held, state) =>
      contract.build(
        familyWallet(wallet),
        calls,
        state,
        dapp.action === 'recovery_cancel' ? { ...held, highestSequence: null } : held,
      ),
    async (trx) => {
      if ((await activeRecoveryTasks(trx, wallet.id)).size) throw new AppError('WALLET_RECOVERY_STATE_ERROR');
      await alsoUnderLock?.(trx);
    },
  );
}

function familyOfCalls(ctx: AppContext, wallet: Wallet) {
  const calls = ctx.chains.family(wallet.chain_key).contractCalls;
  if (!calls) throw new AppError('WALLET_RECOVERY_UNSUPPORTED_ERROR');
  return calls;
}

/**
 * POST /wallets/recovery/queue (the recoverer): the transaction the recoverer's own wallet sends
 * to queue replacing a lost owner by a member's verified address. Nothing is stored: the watcher
 * finds it on chain, whoever sent it.
 */
export async function recoveryQueueTx(
  ctx: AppContext,
  actor: CommandContext,
  input: QueueInput,
): Promise<RecoveryTx> {
  const { wallet } = await recoveryWallet(ctx, actor, input.wallet_id, 'queue');
  const recovery = await recoveryOf(ctx.db, wallet.id);
  if (!recovery || wallet.recovery_state !== EmergencyRecoveryState.Enabled)
    throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  await heirMayQueue(ctx, wallet.id, recovery.recoverer_address);
  const owners = await walletOwners(ctx.db, wallet.id);
  if (!owners.some((o) => same(o.address, input.lost_owner)))
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'lost_owner' });
  if (owners.some((o) => same(o.address, input.new_owner)))
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'new_owner' });
  // The new key must be a member's verified address: the wallet's signers stay people of the space.
  const member = await memberSignerAddress(ctx.db, actor.organization.id, input.new_owner);
  if (!member) throw new AppError('SIGNER_NOT_IN_ORG_ERROR');
  if (member.status !== SignerAddressStatus.Verified) throw new AppError('SIGNER_NOT_VERIFIED_ERROR');
  const ops = recoveryOps(ctx, wallet.chain_key);
  const fw = familyWallet(wallet);
  const chainOwners = (await family(() => ops.read(fw, recovery.delay_address))).owners;
  const call = await family(() =>
    ops.queueTx(recovery.delay_address, fw, chainOwners, input.lost_owner, member.address),
  );
  return txRequest(ctx, wallet, recovery.recoverer_address, call);
}

/**
 * POST /wallets/recovery/execute: the transaction that runs the next queued recovery once its
 * delay is over (anyone may send it; the module checks the delay again).
 */
export async function recoveryExecuteTx(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<RecoveryTx> {
  const { wallet } = await recoveryWallet(ctx, actor, walletId, 'execute');
  const recovery = await recoveryOf(ctx.db, wallet.id);
  const next = recovery?.queued[0];
  if (!recovery || !next || wallet.recovery_state !== EmergencyRecoveryState.PendingRestore)
    throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  const chainTime = recovery.chain_time ? recovery.chain_time.getTime() / 1000 : 0;
  if (chainTime < queueWindow(next, recovery).executableAt) throw new AppError('WALLET_RECOVERY_DELAY_ERROR');
  const call = recoveryOps(ctx, wallet.chain_key).executeTx(recovery.delay_address, queuedTx(next));
  return txRequest(ctx, wallet, null, call);
}

/**
 * A recoverer who is a family heir (the inheritance plan names this address) queues only once the
 * succession is applied: until then the plan, not the recovery, decides.
 */
async function heirMayQueue(ctx: AppContext, walletId: number, recoverer: string) {
  const plan = await ctx.db
    .selectFrom('inheritance_plans')
    .select('status')
    .where('wallet_id', '=', walletId)
    .where(sql`lower(heir_address)`, '=', recoverer.toLowerCase())
    .executeTakeFirst();
  // A closed or denied plan leaves an ordinary recovery; an open or accepted one waits for the succession.
  if (plan?.status === 'open' || plan?.status === 'accepted') throw new AppError('INHERITANCE_STATE_ERROR');
}

function txRequest(ctx: AppContext, wallet: Wallet, from: string | null, call: ContractCall): RecoveryTx {
  return {
    chain_id: Number(ctx.chains.chainInfo(wallet.chain_key).chainId),
    from,
    to: call.to,
    value: call.value.toString(),
    data: call.data,
  };
}
