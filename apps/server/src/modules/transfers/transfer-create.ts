import type { z } from 'zod';
import { EmergencyRecoveryState, type createTransferBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canOnWallet } from '../policy/policy';
import { formatUnits } from '../wallets/decimal';
import { loadWalletToOperate } from '../wallets/wallet-access';
import { chainTokens } from '../wallets/wallet-assets';
import { planChoicePending } from '../spaces/space-lookups';
import { fundPurposeFor, recordTransferLabel } from '../labels/transfer-labels';
import type { FamilyAdapter, PreparedTransfer, Reservations, TransferIntent } from '@keystead/chains';
import { sql, type Transaction } from 'kysely';
import type { Database, Wallet } from '../../db/schema';
import type { WalletToken } from '../wallets/wallet-assets';
import { storeBatchOutputs, type BatchOutputRow } from './batch-repository';
import { AddressTag, tagsOf, type KnownAddresses } from './address-tags';
import { parseAmount } from './amount';
import { family, familyOf, familyWallet, feeChoice } from './transfer-family';
import { notifyFirstActors } from './transfer-notify';
import { holdInputs, lockWalletWriter, reservations } from './transfer-repository';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';
import { assertMovesFunds } from './transfer-wallet';
import {
  blockedError,
  evaluateTransfer,
  usdValues,
  type PolicyRecipient,
} from '../transfer-policy/policy-check';
import { usesVelocity } from '../transfer-policy/policy-evaluate';
import { lockSpaceVelocity, policyInForce, usdColumn } from '../transfer-policy/policy-facts';
import { delayedUntil, needsApproval } from '../transfer-policy/policy-requirements';
import { dappAudit, dappSummary, type DappAction } from '../dapp/dapp-task';

type CreateInput = z.infer<typeof createTransferBody>;

/**
 * The operator's command (§4 creation), for every chain family. Every §5 rule is checked
 * against the chain and the space's data; then, under the wallet's writer lock, the family
 * adapter builds the exact payload the signers will sign from what other active transfers hold
 * (nonce, coins, amounts), and one transaction stores it.
 */
export async function createTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: CreateInput,
  mode: { smallAmountTest?: boolean } = {},
) {
  const { organization } = actor;
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id, {
    notReady: mode.smallAmountTest ? 'SMALL_AMOUNT_TEST_STATUS_ERROR' : 'WALLET_STATUS_ERROR',
  });
  // §5 fund purpose: required where the wallet's asset-tag switch is on (not for the setup test).
  const labelId = mode.smallAmountTest
    ? null
    : await fundPurposeFor(ctx, organization.id, wallet, input.label_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  const requested = [{ to: input.to, amount: input.amount }, ...(input.outputs ?? [])];
  // Several recipients in one transaction: only where the family can (§8 "batch not supported").
  if (requested.length > 1 && !adapter.capabilities.batch)
    throw new AppError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  const token = tokens.find((t) =>
    input.token ? t.contract?.toLowerCase() === input.token.toLowerCase() : t.contract === null,
  );
  if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');

  if (input.destination_tag !== undefined && !adapter.capabilities.destinationTag)
    throw new AppError('PARAMS_NOT_ALLOWED_ERROR', { field: 'destination_tag' });
  const outputs: { to: string; amount: bigint; tag?: number }[] = [];
  const allTags = new Set<number>();
  for (const out of requested) {
    const { to, tags } = await checkRecipient(ctx, adapter, wallet, known, out.to, {
      smallAmountTest: mode.smallAmountTest ?? false,
      acknowledgeSimilar: input.acknowledge_similar,
      many: requested.length > 1,
    });
    tags.forEach((t) => allTags.add(t));
    outputs.push({
      to,
      amount: parseAmount(out.amount, token.decimals),
      ...(input.destination_tag !== undefined ? { tag: input.destination_tag } : {}),
    });
  }
  const fee = feeChoice(input.fee_tier, input.custom_fee_gwei ?? input.custom_fee_rate);
  const intent = {
    outputs,
    token: token.contract === null ? null : token,
    fee,
    ...(input.utxos ? { chosenInputs: input.utxos } : {}),
  };
  return storeTransfer(ctx, actor, wallet, intent, {
    type: TRANSFER_TASK,
    known,
    token,
    tokenKeys: [token.key],
    tags: [...allTags],
    remark: input.remark ?? null,
    labelId,
    feeTier: input.fee_tier,
    smallAmountTest: mode.smallAmountTest ?? false,
  });
}

/**
 * A wallet the caller operates, set up and moving funds, on a plan that still keeps it, with no
 * emergency recovery pending (§4: it blocks other actions); with its tokens (the chain's and the
 * space's own), read in the same statement. `recoveryTask`: a recovery's own task (enable, veto,
 * disable), whose caller modules/recovery has already checked with canOnRecovery instead.
 */
export async function walletToOperate(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
  options: {
    notReady?: 'WALLET_STATUS_ERROR' | 'SMALL_AMOUNT_TEST_STATUS_ERROR';
    recoveryTask?: boolean;
  } = {},
) {
  const { wallet, relation, customTokens, keptWallets, known } = await loadWalletToOperate(
    ctx.db,
    actor,
    walletId,
  );
  const operate = canOnWallet(actor.member.role, relation, 'operate');
  if (!operate.allowed && !options.recoveryTask) throw new AppError(operate.code!);
  assertMovesFunds(wallet, options.notReady);
  if (wallet.recovery_state === EmergencyRecoveryState.PendingRestore && !options.recoveryTask)
    throw new AppError('WALLET_RECOVERY_PENDING_ERROR');
  // §4 subscription expiry: wallets the plan no longer keeps, or no choice made yet, move nothing.
  if (wallet.plan_frozen || planChoicePending(actor.organization, keptWallets))
    throw new AppError('VIP_EXPIRED_WALLETS_PENDING_ERROR');
  return { wallet, tokens: chainTokens(ctx, wallet.chain_key, customTokens), known };
}

/**
 * One recipient against §5: an address of the wallet's chain (spelled canonically), not the
 * wallet itself (but for the small-amount test), in the address book when the whitelist is on,
 * and a look-alike only when the operator acknowledged it.
 */
export async function checkRecipient(
  ctx: AppContext,
  adapter: FamilyAdapter,
  wallet: Wallet & { address: string },
  known: KnownAddresses,
  address: string,
  options: { smallAmountTest: boolean; acknowledgeSimilar: boolean; many: boolean },
) {
  const to = await family(() => adapter.recipient(address));
  if (to.toLowerCase() === wallet.address.toLowerCase() && !options.smallAmountTest)
    throw new AppError('TRANSFER_TO_SELF_ERROR');
  const { tags } = tagsOf(known, to);
  if (wallet.whitelist_on && !tags.includes(AddressTag.AddressBook) && !options.smallAmountTest)
    throw new AppError('TRANSFER_WHITELIST_ONLY_ERROR');
  if (tags.includes(AddressTag.SimilarAddress) && !options.acknowledgeSimilar)
    throw new AppError('TRANSFER_RISK_ADDRESS_ERROR', {}, options.many ? { tags, address: to } : { tags });
  return { to, tags };
}

export interface TaskFacts {
  /** 1 transfer, 4 batch. */
  type: number;
  /** The one asset a single transfer moves (a batch keeps its assets on its rows). */
  token: WalletToken | null;
  /** Every asset the outputs move: what other transfers hold of each is read. */
  tokenKeys: string[];
  tags: number[];
  remark: string | null;
  labelId: number | null;
  feeTier: string;
  smallAmountTest: boolean;
  /** A batch's rows, in output order. */
  batchRows?: BatchOutputRow[];
  /** A pre-signed transfer's name. */
  name?: string;
  /** A Dapp task (type 6): the contract call it makes, shown instead of an amount. */
  dapp?: DappAction;
  /** The space's known addresses, read with the wallet: the policy's destinations come from them. */
  known: KnownAddresses;
}

/**
 * Under the wallet's writer lock, the family adapter builds the exact payload the signers will
 * sign from what other active transfers hold (nonce, coins, amounts); one transaction stores it
 * with its rows, its first actors' notifications and its audit row.
 */
export async function storeTransfer(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet & { address: string },
  intent: TransferIntent,
  facts: TaskFacts,
  /** What builds the payload, when it is not the intent's payment (a Dapp task's call). */
  build?: (held: Reservations, state: unknown) => PreparedTransfer,
  /** A check that must hold under the wallet's writer lock (no second task of the same kind). */
  underLock?: (trx: Transaction<Database>) => Promise<void>,
) {
  const adapter = familyOf(ctx, wallet.chain_key);
  const fw = familyWallet(wallet);
  const state = await family(() => adapter.readTransferState(fw, intent));

  return auditPolicyBlocks(ctx, actor, wallet, intent.outputs, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockWalletWriter(trx, wallet.id);
      await underLock?.(trx);
      const held = await reservations(trx, wallet.id, facts.tokenKeys, adapter.capabilities);
      const prepared = await family(() =>
        build ? build(held, state) : adapter.buildTransfer(fw, intent, state, held),
      );
      return insertTransfer(ctx, trx, actor, wallet, intent, facts, { prepared, held });
    }),
  );
}

/**
 * A creation the transfer policy blocks writes nothing, but the attempt is itself worth keeping:
 * after the rollback it is audited in a transaction of its own (who, which wallet, to whom, the rule).
 */
export async function auditPolicyBlocks<T>(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  outputs: { to: string }[],
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof AppError && error.code === 'TRANSFER_POLICY_BLOCKED_ERROR')
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, {
          organizationId: actor.organization.id,
          userId: actor.user.id,
          type: 'transfer',
          operation: 'policy_block',
          ip: actor.ip,
          content: {
            wallet_id: wallet.id,
            to: outputs[0]?.to ?? null,
            recipients: outputs.length,
            ...error.params,
          },
        }),
      );
    throw error;
  }
}

/**
 * Stores one built transfer inside the caller's transaction (under the wallet's writer lock):
 * the task, what it holds, its rows and fund purpose, its first actors' notifications and its
 * audit row. What it took (nonce, coins, change index) is what the next build reads.
 */
export async function insertTransfer(
  ctx: AppContext,
  trx: Transaction<Database>,
  actor: CommandContext,
  wallet: Wallet & { address: string },
  intent: TransferIntent,
  facts: TaskFacts,
  built: { prepared: PreparedTransfer; held: Reservations },
) {
  const { organization, user } = actor;
  const { outputs, fee } = intent;
  const token = facts.token;
  const { prepared, held } = built;
  if (prepared.usedChangeIndex) {
    await trx
      .updateTable('wallets')
      .set({ next_change_index: held.nextChangeIndex + 1 })
      .where('id', '=', wallet.id)
      .execute();
  }
  const { policy, amountUsd } = await transferPolicyOf(trx, actor, wallet, intent, facts);
  // A test moves nothing out of the wallet: it goes straight to the signers.
  const status =
    needsApproval(policy, wallet.approval_threshold) && !facts.smallAmountTest
      ? TransferStatus.PendingApproval
      : TransferStatus.PendingSignature;
  // The task and its first payload version (1) in one statement.
  const task = await trx
    .with('task', (db) =>
      db
        .insertInto('tasks')
        .values({
          organization_id: organization.id,
          wallet_id: wallet.id,
          type: facts.type,
          status,
          created_by: user.id,
          data: JSON.stringify({
            tags: facts.tags,
            ...prepared.details,
            ...(facts.smallAmountTest ? { small_amount_test: true } : {}),
            ...(facts.batchRows ? { recipients: facts.batchRows.length } : {}),
            ...(facts.name ? { name: facts.name } : {}),
            ...(facts.dapp ? { dapp: facts.dapp } : {}),
          }),
          chain_key: wallet.chain_key,
          sequence: prepared.sequence?.toString() ?? null,
          payload: prepared.payload,
          payload_hash: prepared.payloadHash,
          // A batch's amounts live on its rows (held per asset from there).
          token_key: token?.key ?? null,
          symbol: token?.symbol ?? null,
          decimals: token?.decimals ?? null,
          amount: facts.batchRows ? null : prepared.amount.toString(),
          to_address: outputs[0]!.to,
          remark: facts.remark,
          label_id: facts.labelId,
          approval_threshold: wallet.approval_threshold,
          signing_threshold: prepared.signingThreshold,
          fee_tier: facts.feeTier,
          fee_rate: prepared.fee.rate ?? (fee.tier === 'custom' ? fee.rate : null),
          fee_sat: prepared.fee.total?.toString() ?? null,
          vsize: prepared.fee.vsize,
          amount_usd: amountUsd,
          policy: policy ? JSON.stringify(policy) : null,
          broadcast_after:
            status === TransferStatus.PendingSignature ? delayedUntil(policy, new Date()) : null,
        })
        .returningAll(),
    )
    .with('first_version', (db) =>
      db
        .insertInto('task_payload_versions')
        .columns(['task_id', 'version', 'payload', 'created_by'])
        .expression((eb) =>
          eb.selectFrom('task').select(['id', sql<number>`1`.as('version'), 'payload', 'created_by']),
        ),
    )
    .selectFrom('task')
    .selectAll()
    .executeTakeFirstOrThrow();
  await holdInputs(trx, task, prepared.inputs);
  if (facts.batchRows) await storeBatchOutputs(trx, task.id, facts.batchRows);
  if (facts.labelId !== null) {
    const change = {
      organizationId: organization.id,
      taskId: task.id,
      labelId: facts.labelId,
      previous: null,
    };
    await recordTransferLabel(trx, { ...change, userId: user.id });
  }
  await notifyFirstActors(ctx, trx, task, wallet, taskSummary(wallet, intent, facts, prepared.amount));
  await writeAudit(trx, {
    organizationId: organization.id,
    userId: user.id,
    type: 'transfer',
    operation: facts.smallAmountTest
      ? 'small_amount_test'
      : facts.batchRows
        ? 'create_batch'
        : facts.name
          ? 'create_presigned'
          : facts.dapp
            ? dappAudit(facts.dapp).operation
            : 'create',
    ip: actor.ip,
    content: {
      task_id: task.id,
      wallet_id: wallet.id,
      to: outputs[0]!.to,
      ...(token && !facts.batchRows && !facts.dapp
        ? { amount: formatUnits(prepared.amount, token.decimals), symbol: token.symbol }
        : {}),
      ...(facts.dapp ? dappAudit(facts.dapp).content : {}),
      ...(prepared.sequence !== null ? { nonce: prepared.sequence.toString() } : {}),
      ...(outputs.length > 1
        ? {
            outputs: outputs.map((o, i) => ({
              to: o.to,
              value: o.amount.toString(),
              ...(facts.batchRows ? { token: facts.batchRows[i]!.tokenKey } : {}),
            })),
          }
        : {}),
      ...(prepared.inputs.length ? { inputs: prepared.inputs.map((i) => i.outpoint) } : {}),
      ...(prepared.fee.total !== null
        ? { fee_sat: prepared.fee.total.toString(), fee_rate: prepared.fee.rate }
        : {}),
      ...(policy ? { policy: policy.summary } : {}),
    },
  });
  return task;
}

/** What the first actors are told the new task does. */
function taskSummary(wallet: Wallet, intent: TransferIntent, facts: TaskFacts, amount: bigint): string {
  const { outputs } = intent;
  if (facts.dapp) return dappSummary(facts.dapp, wallet.name);
  if (facts.batchRows) return `a batch of ${facts.batchRows.length} payments from ${wallet.name}`;
  const more = outputs.length > 1 ? ` and ${outputs.length - 1} more` : '';
  const token = facts.token!;
  return `${formatUnits(amount, token.decimals)} ${token.symbol} from ${wallet.name} to ${outputs[0]!.to}${more}`;
}

/** The recipients of a transfer as the policy reads them: a batch's rows, or the outputs in its one token. */
function policyRecipients(intent: TransferIntent, facts: TaskFacts): PolicyRecipient[] {
  if (facts.batchRows) return facts.batchRows.map((row) => ({ to: row.to, amount: row.amount, token: row }));
  return intent.outputs.map((out) => ({ to: out.to, amount: out.amount, token: facts.token! }));
}

/**
 * The space's transfer policy for this transfer, inside the creation's transaction: a rule that
 * blocks refuses it; otherwise what the matched rules require is stored on the task. Creations
 * under a velocity rule take the space's lock first, so two cannot both pass a limit.
 */
async function transferPolicyOf(
  trx: Transaction<Database>,
  actor: CommandContext,
  wallet: Wallet & { address: string },
  intent: TransferIntent,
  facts: TaskFacts,
) {
  const recipients = policyRecipients(intent, facts);
  const inForce = facts.smallAmountTest ? null : await policyInForce(trx, actor.organization.id);
  if (!inForce) return { policy: null, amountUsd: usdColumn(usdValues(recipients).total) };
  if (usesVelocity(inForce.document)) await lockSpaceVelocity(trx, actor.organization.id);
  const result = await evaluateTransfer(trx, inForce.document, {
    organizationId: actor.organization.id,
    wallet,
    initiatorId: actor.user.id,
    recipients,
    at: new Date(),
    on: 'create',
    known: facts.known,
  });
  if (result.blocked) throw blockedError(result.blocked);
  return { policy: result.policy, amountUsd: usdColumn(result.amountUsdMicros) };
}

export function taskNumber(id: number): string {
  return `T${String(id).padStart(6, '0')}`;
}
