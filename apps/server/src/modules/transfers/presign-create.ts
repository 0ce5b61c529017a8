import { formatGwei } from 'viem';
import type { z } from 'zod';
import { PLANS, PRESIGNED_TRANSFERS_MAX, type preSignBody } from '@keystead/contract';
import type { TransferIntent } from '@keystead/chains';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { fundPurposeFor } from '../labels/transfer-labels';
import { effectivePlan } from '../spaces/space-presenter';
import { formatUnits } from '../wallets/decimal';
import type { WalletToken } from '../wallets/wallet-assets';
import { parseAmount } from './amount';
import {
  auditPolicyBlocks,
  checkRecipient,
  insertTransfer,
  walletToOperate,
  type TaskFacts,
} from './transfer-create';
import { family, familyOf, familyWallet, feeChoice } from './transfer-family';
import { chainFeeTiers, EXEC_GAS_HINT, gasPriceAt } from './transfer-fee-tiers';
import { lockWalletWriter, reservations } from './transfer-repository';
import { ACTIVE_STATUSES, PRESIGNED_TASK } from './transfer-status';

type PreSignInput = z.infer<typeof preSignBody>;

/**
 * Every rule of §5 on every pre-signed transfer, and the space's and wallet's limits: a paid plan,
 * a family whose signed transactions stay valid until broadcast (a Safe: its nonce), and at most
 * 10 waiting per wallet. Nothing is read under the lock here.
 */
async function checkPreSign(ctx: AppContext, actor: CommandContext, input: PreSignInput) {
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  if (!PLANS[effectivePlan(actor.organization)].paidFeatures)
    throw new AppError('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.capabilities.preSign) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
  const waiting = await waitingPreSigned(ctx, wallet.id);
  if (waiting + input.transfers.length > PRESIGNED_TRANSFERS_MAX)
    throw new AppError('TASK_PRESIGN_MAX_ERROR', { max: PRESIGNED_TRANSFERS_MAX });
  const items: { intent: TransferIntent; facts: TaskFacts; name: string; token: WalletToken }[] = [];
  for (const item of input.transfers) {
    const token = tokens.find((t) =>
      item.token ? t.contract?.toLowerCase() === item.token.toLowerCase() : t.contract === null,
    );
    if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');
    const { to, tags } = await checkRecipient(ctx, adapter, wallet, known, item.to, {
      smallAmountTest: false,
      acknowledgeSimilar: input.acknowledge_similar,
      many: false,
    });
    const labelId = await fundPurposeFor(ctx, actor.organization.id, wallet, item.label_id);
    items.push({
      name: item.name,
      token,
      intent: {
        outputs: [{ to, amount: parseAmount(item.amount, token.decimals) }],
        token: token.contract === null ? null : token,
        fee: feeChoice(item.fee_tier, item.custom_fee_gwei ?? item.custom_fee_rate),
        ...(item.utxos ? { chosenInputs: item.utxos } : {}),
      },
      facts: {
        type: PRESIGNED_TASK,
        known,
        token,
        tokenKeys: [token.key],
        tags,
        remark: item.remark ?? null,
        labelId,
        feeTier: item.fee_tier,
        smallAmountTest: false,
        name: item.name,
      },
    });
  }
  return { wallet, adapter, items, waiting };
}

function waitingPreSigned(ctx: AppContext, walletId: number) {
  return ctx.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('wallet_id', '=', walletId)
    .where('type', '=', PRESIGNED_TASK)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/**
 * POST /task/pre-signature: the transfers built one after the other under the wallet's writer
 * lock, each seeing what the previous took (consecutive Safe nonces), and stored in one
 * transaction — all of them or none.
 */
export async function createPreSigned(ctx: AppContext, actor: CommandContext, input: PreSignInput) {
  const { wallet, adapter, items } = await checkPreSign(ctx, actor, input);
  const fw = familyWallet(wallet);
  const states: unknown[] = [];
  for (const item of items) states.push(await family(() => adapter.readTransferState(fw, item.intent)));
  const outputs = items.flatMap((item) => item.intent.outputs);
  return auditPolicyBlocks(ctx, actor, wallet, outputs, () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockWalletWriter(trx, wallet.id);
      const tasks = [];
      for (const [i, item] of items.entries()) {
        const held = await reservations(trx, wallet.id, item.facts.tokenKeys, adapter.capabilities);
        const prepared = await family(() => adapter.buildTransfer(fw, item.intent, states[i], held));
        tasks.push(
          await insertTransfer(ctx, trx, actor, wallet, item.intent, item.facts, { prepared, held }),
        );
      }
      return tasks;
    }),
  );
}

/**
 * POST /fee/pre-signature: each transfer built as creation would build it after the ones before
 * it (the next nonce, or coins the others do not take), nothing stored; its fee at its tier.
 */
export async function estimatePreSigned(ctx: AppContext, actor: CommandContext, input: PreSignInput) {
  const { wallet, adapter, items, waiting } = await checkPreSign(ctx, actor, input);
  const fw = familyWallet(wallet);
  const walletPays = adapter.capabilities.broadcast === 'server-finalizes';
  // The broadcaster pays an EVM execution (priced per gas); a Bitcoin-family wallet its own fee.
  const tiers = walletPays ? null : await chainFeeTiers(adapter);
  const keys = [...new Set(items.map((item) => item.token.key))];
  let held = await reservations(ctx.db, wallet.id, keys, adapter.capabilities);
  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  const transfers = [];
  for (const item of items) {
    const state = await family(() => adapter.readTransferState(fw, item.intent));
    const key = item.token.key;
    const mine = { ...held, lockedAmount: held.lockedByToken.get(key) ?? 0n };
    const built = await family(() => adapter.buildTransfer(fw, item.intent, state, mine));
    // What this one takes is held for the next, as inside the creation's transaction.
    held = {
      ...held,
      lockedByToken: new Map(held.lockedByToken).set(key, mine.lockedAmount + built.amount),
      highestSequence: built.sequence ?? held.highestSequence,
      lockedInputs: new Set([...held.lockedInputs, ...built.inputs.map((i) => i.outpoint)]),
      nextChangeIndex: held.nextChangeIndex + (built.usedChangeIndex ? 1 : 0),
    };
    const perGas = tiers ? gasPriceAt(tiers, item.intent.fee) : 0n;
    transfers.push({
      name: item.name,
      nonce: built.sequence?.toString() ?? null,
      inputs: built.inputs.map((i) => i.outpoint),
      fee: formatUnits(walletPays ? (built.fee.total ?? 0n) : EXEC_GAS_HINT * perGas, nativeDecimals),
      fee_symbol: nativeSymbol,
      rate: walletPays ? (built.fee.rate ?? '') : formatGwei(perGas),
    });
  }
  return { waiting, max: PRESIGNED_TRANSFERS_MAX, transfers };
}
