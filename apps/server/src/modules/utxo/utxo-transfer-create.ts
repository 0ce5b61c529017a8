import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { buildSpendPsbt, type PaymentOutput, type WalletUtxo } from '@keystead/chains';
import type { createTransferBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { notifyFirstActors } from '../transfers/transfer-notify';
import { canOnWallet, type WalletRelation } from '../policy/policy';
import { WalletStatus, SignType } from '../wallets/wallet-status';
import { AddressTag, addressTags } from '../transfers/address-tags';
import { parseAmount } from '../transfers/amount';
import { TransferStatus, TRANSFER_TASK } from '../transfers/transfer-status';
import { mapped } from './utxo-errors';
import { lockedOutpoints } from './utxo-locks';
import { multisigOf, outpointOf, satsToCoins, scanCounts, utxoToJson } from './utxo-wallet';

type CreateInput = z.infer<typeof createTransferBody>;

/** sat/vB of a tier now, or the custom rate (must be above zero). */
export async function feeRateFor(
  ctx: AppContext,
  wallet: Wallet,
  tier: string,
  custom: string | undefined,
): Promise<number> {
  if (tier === 'custom') {
    const rate = custom ? Number(custom) : 0;
    if (!(rate > 0)) throw new AppError('TRANSFER_FEE_ZERO_ERROR');
    return rate;
  }
  const fees = await mapped(() => ctx.chains.utxoChain(wallet.chain_key).getFeeTiers());
  const quote = fees.tiers[tier as 'slow' | 'standard' | 'fast'];
  return quote?.satPerVbyte ?? fees.tiers.standard.satPerVbyte ?? 1;
}

/**
 * A Bitcoin-family transfer (§4 creation): recipients checked (Taproot refused), UTXOs read from
 * the node, then under the wallet's lock the outpoints of active tasks are left out, the coins
 * are selected (or the chosen ones taken), change goes to the next change address, and the
 * unsigned PSBT is stored with the outpoints it locks.
 */
export async function createUtxoTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  input: CreateInput,
  loaded: { wallet: Wallet; relation: WalletRelation },
) {
  const { organization, member } = requireSpace(request);
  const { user } = requireUser(request);
  const { wallet, relation } = loaded;
  const operate = canOnWallet(member.role, relation, 'operate');
  if (!operate.allowed) throw new AppError(operate.code!);
  if (wallet.sign_type !== SignType.Multi || wallet.status !== WalletStatus.Normal)
    throw new AppError('WALLET_STATUS_ERROR');
  if (input.token) throw new AppError('TOKEN_NOT_FOUND_ERROR');
  const adapter = ctx.chains.utxoChain(wallet.chain_key);
  const multisig = multisigOf(wallet);
  const decimals = adapter.info.nativeDecimals;

  const requested = [{ to: input.to, amount: input.amount }, ...(input.outputs ?? [])];
  const outputs: PaymentOutput[] = [];
  const allTags = new Set<number>();
  for (const out of requested) {
    const address = await mapped(() => adapter.normalizeAddress(out.to), 'to');
    const { tags } = await addressTags(ctx.db, organization.id, address);
    if (wallet.whitelist_on && !tags.includes(AddressTag.AddressBook))
      throw new AppError('TRANSFER_WHITELIST_ONLY_ERROR');
    if (tags.includes(AddressTag.SimilarAddress) && !input.acknowledge_similar)
      throw new AppError('TRANSFER_RISK_ADDRESS_ERROR', {}, { tags, address });
    tags.forEach((t) => allTags.add(t));
    outputs.push({ address, value: parseAmount(out.amount, decimals) });
  }
  const feeRate = await feeRateFor(ctx, wallet, input.fee_tier, input.custom_fee_rate);
  const utxos = await mapped(() => adapter.listUtxos(multisig, scanCounts(wallet)));

  return ctx.db.transaction().execute(async (trx) => {
    // One writer per wallet: locked outpoints and the change index are read and taken together.
    await sql`select pg_advisory_xact_lock(8400, ${wallet.id}::int)`.execute(trx);
    const locks = await lockedOutpoints(trx, wallet.id);
    if (input.utxos?.some((op) => locks.has(op.toLowerCase())))
      throw new AppError(
        'UTXO_SHORTAGE_ERROR',
        {},
        { reason: 'locked', locked: input.utxos.filter((op) => locks.has(op.toLowerCase())) },
      );
    const free: WalletUtxo[] = utxos.filter((u) => !locks.has(outpointOf(u)));
    const fresh = await trx
      .selectFrom('wallets')
      .select('next_change_index')
      .where('id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    const built = await mapped(() =>
      buildSpendPsbt({
        wallet: multisig,
        utxos: free,
        outputs,
        feeRate,
        changeIndex: fresh.next_change_index,
        ...(input.utxos ? { chosen: input.utxos.map((op) => op.toLowerCase()) } : {}),
      }),
    );
    if (built.change)
      await trx
        .updateTable('wallets')
        .set({ next_change_index: fresh.next_change_index + 1 })
        .where('id', '=', wallet.id)
        .execute();
    const amount = outputs.reduce((s, o) => s + o.value, 0n);
    const status =
      wallet.approval_threshold > 0 ? TransferStatus.PendingApproval : TransferStatus.PendingSignature;
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
          outputs: outputs.map((o) => ({
            to: o.address,
            amount: satsToCoins(o.value),
            value_sat: o.value.toString(),
          })),
          inputs: built.inputs.map(utxoToJson),
          change: built.change
            ? {
                address: built.change.address,
                index: built.change.index,
                value_sat: built.change.value.toString(),
              }
            : null,
        }),
        chain_key: wallet.chain_key,
        token_key: 'native',
        symbol: adapter.info.nativeSymbol,
        decimals,
        amount: amount.toString(),
        to_address: outputs[0]!.address,
        remark: input.remark ?? null,
        approval_threshold: wallet.approval_threshold,
        signing_threshold: multisig.threshold,
        fee_tier: input.fee_tier,
        psbt: built.psbt,
        fee_sat: built.fee.toString(),
        fee_rate: String(feeRate),
        vsize: built.vsize,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('task_utxos')
      .values(
        built.inputs.map((u) => ({
          task_id: task.id,
          wallet_id: wallet.id,
          outpoint: outpointOf(u),
          value: u.value.toString(),
          branch: u.branch,
          address_index: u.index,
        })),
      )
      .execute();
    await notifyFirstActors(
      ctx,
      trx,
      task,
      wallet,
      `${satsToCoins(amount)} ${adapter.info.nativeSymbol} from ${wallet.name}`,
    );
    // Last: the space's audit chain stays locked until the commit.
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'transfer',
      operation: 'create',
      ip: request.ip,
      content: {
        task_id: task.id,
        wallet_id: wallet.id,
        outputs: outputs.map((o) => ({ to: o.address, value_sat: o.value.toString() })),
        fee_sat: built.fee.toString(),
        fee_rate: feeRate,
        inputs: built.inputs.map(outpointOf),
      },
    });
    return task;
  });
}
