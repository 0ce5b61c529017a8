import type { z } from 'zod';
import type { createTransferBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canOnWallet } from '../policy/policy';
import { formatUnits } from '../wallets/decimal';
import { loadWalletFor } from '../wallets/wallet-access';
import { walletTokens } from '../wallets/wallet-assets';
import { planChoicePending } from '../spaces/space-lookups';
import { fundPurposeFor, recordTransferLabel } from '../labels/transfer-labels';
import { AddressTag, addressTags } from './address-tags';
import { parseAmount } from './amount';
import { family, familyOf, familyWallet, feeChoice } from './transfer-family';
import { notifyFirstActors } from './transfer-notify';
import { holdInputs, keepPayloadVersion, lockWalletWriter, reservations } from './transfer-repository';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';
import { assertMovesFunds } from './transfer-wallet';

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
  const { organization, member, user } = actor;
  const { wallet, relation } = await loadWalletFor(ctx.db, actor, input.wallet_id);
  const operate = canOnWallet(member.role, relation, 'operate');
  if (!operate.allowed) throw new AppError(operate.code!);
  assertMovesFunds(wallet, mode.smallAmountTest ? 'SMALL_AMOUNT_TEST_STATUS_ERROR' : 'WALLET_STATUS_ERROR');
  // §4 subscription expiry: wallets the plan no longer keeps, or no choice made yet, move nothing.
  if (wallet.plan_frozen || (await planChoicePending(ctx, organization)))
    throw new AppError('VIP_EXPIRED_WALLETS_PENDING_ERROR');
  // §5 fund purpose: required where the wallet's asset-tag switch is on (not for the setup test).
  const labelId = mode.smallAmountTest
    ? null
    : await fundPurposeFor(ctx, organization.id, wallet, input.label_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  const requested = [{ to: input.to, amount: input.amount }, ...(input.outputs ?? [])];
  // Several recipients in one transaction: only where the family can (§8 "batch not supported").
  if (requested.length > 1 && !adapter.capabilities.batch)
    throw new AppError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const token = tokens.find((t) =>
    input.token ? t.contract?.toLowerCase() === input.token.toLowerCase() : t.contract === null,
  );
  if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');

  if (input.destination_tag !== undefined && !adapter.capabilities.destinationTag)
    throw new AppError('PARAMS_NOT_ALLOWED_ERROR', { field: 'destination_tag' });
  const outputs: { to: string; amount: bigint; tag?: number }[] = [];
  const allTags = new Set<number>();
  for (const out of requested) {
    const to = await family(() => adapter.recipient(out.to));
    // The small-amount test (§4 wallet setup) is the one transfer a wallet makes to itself.
    if (to.toLowerCase() === wallet.address.toLowerCase() && !mode.smallAmountTest) {
      throw new AppError('TRANSFER_TO_SELF_ERROR');
    }
    const amount = parseAmount(out.amount, token.decimals);
    const { tags } = await addressTags(ctx.db, organization.id, to);
    if (wallet.whitelist_on && !tags.includes(AddressTag.AddressBook) && !mode.smallAmountTest) {
      throw new AppError('TRANSFER_WHITELIST_ONLY_ERROR');
    }
    if (tags.includes(AddressTag.SimilarAddress) && !input.acknowledge_similar) {
      throw new AppError(
        'TRANSFER_RISK_ADDRESS_ERROR',
        {},
        requested.length > 1 ? { tags, address: to } : { tags },
      );
    }
    tags.forEach((t) => allTags.add(t));
    outputs.push({
      to,
      amount,
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
  const fw = familyWallet(wallet);
  const state = await family(() => adapter.readTransferState(fw, intent));

  return ctx.db.transaction().execute(async (trx) => {
    await lockWalletWriter(trx, wallet.id);
    const held = await reservations(trx, wallet.id, token.key);
    const prepared = await family(() => adapter.buildTransfer(fw, intent, state, held));
    if (prepared.usedChangeIndex) {
      await trx
        .updateTable('wallets')
        .set({ next_change_index: held.nextChangeIndex + 1 })
        .where('id', '=', wallet.id)
        .execute();
    }
    // A test moves nothing out of the wallet: it goes straight to the signers.
    const status =
      wallet.approval_threshold > 0 && !mode.smallAmountTest
        ? TransferStatus.PendingApproval
        : TransferStatus.PendingSignature;
    const task = await trx
      .insertInto('tasks')
      .values({
        organization_id: organization.id,
        wallet_id: wallet.id,
        type: TRANSFER_TASK,
        status,
        created_by: user.id,
        data: JSON.stringify({
          tags: [...allTags],
          ...prepared.details,
          ...(mode.smallAmountTest ? { small_amount_test: true } : {}),
        }),
        chain_key: wallet.chain_key,
        sequence: prepared.sequence?.toString() ?? null,
        payload: prepared.payload,
        payload_hash: prepared.payloadHash,
        token_key: token.key,
        symbol: token.symbol,
        decimals: token.decimals,
        amount: prepared.amount.toString(),
        to_address: outputs[0]!.to,
        remark: input.remark ?? null,
        label_id: labelId,
        approval_threshold: wallet.approval_threshold,
        signing_threshold: prepared.signingThreshold,
        fee_tier: input.fee_tier,
        fee_rate: prepared.fee.rate ?? (fee.tier === 'custom' ? fee.rate : null),
        fee_sat: prepared.fee.total?.toString() ?? null,
        vsize: prepared.fee.vsize,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await holdInputs(trx, task, prepared.inputs);
    if (labelId !== null) {
      const change = { organizationId: organization.id, taskId: task.id, labelId, previous: null };
      await recordTransferLabel(trx, { ...change, userId: user.id });
    }
    await keepPayloadVersion(trx, task.id, prepared.payload, user.id);
    const shown = `${formatUnits(prepared.amount, token.decimals)} ${token.symbol}`;
    const more = outputs.length > 1 ? ` and ${outputs.length - 1} more` : '';
    await notifyFirstActors(
      ctx,
      trx,
      task,
      wallet,
      `${shown} from ${wallet.name} to ${outputs[0]!.to}${more}`,
    );
    // Last: the space's audit chain is locked from here to the commit, so keep that short.
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'transfer',
      operation: mode.smallAmountTest ? 'small_amount_test' : 'create',
      ip: actor.ip,
      content: {
        task_id: task.id,
        wallet_id: wallet.id,
        to: outputs[0]!.to,
        amount: formatUnits(prepared.amount, token.decimals),
        symbol: token.symbol,
        ...(prepared.sequence !== null ? { nonce: prepared.sequence.toString() } : {}),
        ...(outputs.length > 1
          ? { outputs: outputs.map((o) => ({ to: o.to, value: o.amount.toString() })) }
          : {}),
        ...(prepared.inputs.length ? { inputs: prepared.inputs.map((i) => i.outpoint) } : {}),
        ...(prepared.fee.total !== null
          ? { fee_sat: prepared.fee.total.toString(), fee_rate: prepared.fee.rate }
          : {}),
      },
    });
    return task;
  });
}

export function taskNumber(id: number): string {
  return `T${String(id).padStart(6, '0')}`;
}
