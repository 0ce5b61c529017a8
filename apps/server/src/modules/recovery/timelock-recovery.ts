import type { z } from 'zod';
import { satsToCoins } from '@keystead/chains';
import type { sweepPrepareBody, sweepSubmitBody, TimelockRecoveryInfo } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { canOnRecovery } from '../policy/policy';
import { family, familyOf, familyWallet, feeChoice, timelockRecoveryOf } from '../transfers/transfer-family';
import { recoveryWallet } from './recovery-access';
import { ownersAndAdmins, tellAboutWallet } from './recovery-news';

/** The wallet's recovery path and the family's part that spends it, or the catalogue's refusal. */
function timelockParts(ctx: AppContext, wallet: Wallet) {
  const ops = familyOf(ctx, wallet.chain_key).timelockRecovery;
  if (!ops) throw new AppError('WALLET_RECOVERY_UNSUPPORTED_ERROR');
  const path = timelockRecoveryOf(wallet);
  if (!path) throw new AppError('WALLET_RECOVERY_STATE_ERROR');
  return { ops, path };
}

/** GET /wallets/recovery/coins: the recovery path, and each coin's age against its delay. */
export async function timelockRecoveryInfo(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<TimelockRecoveryInfo> {
  const access = await recoveryWallet(ctx, actor, walletId, 'view');
  const { wallet } = access;
  const { path } = timelockParts(ctx, wallet);
  const fam = familyOf(ctx, wallet.chain_key);
  const [coins, recoverer] = await Promise.all([
    family(() => fam.listCoins!(familyWallet(wallet))),
    path.recoverer_user_id === null
      ? null
      : ctx.db
          .selectFrom('users')
          .select(['id', 'nickname'])
          .where('id', '=', path.recoverer_user_id)
          .executeTakeFirst(),
  ]);
  let matured = 0n;
  let waiting = 0n;
  const listed = coins.map((coin) => {
    const blocksLeft = Math.max(0, path.blocks - coin.confirmations);
    if (blocksLeft === 0) matured += coin.value;
    else waiting += coin.value;
    return {
      outpoint: coin.outpoint,
      address: coin.address,
      value_sat: coin.value.toString(),
      confirmations: coin.confirmations,
      blocks_left: blocksLeft,
    };
  });
  return {
    wallet_id: wallet.id,
    chain_key: wallet.chain_key,
    blocks: path.blocks,
    key: path.key,
    recoverer: recoverer ? { user_id: recoverer.id, nickname: recoverer.nickname } : null,
    descriptor: wallet.descriptor_receive,
    coins: listed,
    matured_sat: matured.toString(),
    waiting_sat: waiting.toString(),
    you: {
      can_sweep: canOnRecovery(actor.member.role, access.relation, 'queue', {
        isRecoverer: access.isRecoverer,
        backupRecoverer: access.backupRecoverer,
      }).allowed,
    },
  };
}

/** POST /wallets/recovery/sweep/prepare (the recoverer; admins for a backup key): nothing is stored. */
export async function prepareSweep(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof sweepPrepareBody>,
) {
  const { wallet } = await recoveryWallet(ctx, actor, input.wallet_id, 'queue');
  const { ops } = timelockParts(ctx, wallet);
  const sweep = await family(() =>
    ops.buildSweep(familyWallet(wallet), input.to, feeChoice(input.fee_tier, input.custom_fee_rate)),
  );
  return {
    psbt: sweep.psbt,
    to: sweep.to,
    amount_sat: sweep.amount.toString(),
    fee_sat: sweep.fee.toString(),
    vsize: sweep.vsize,
    fee_rate: sweep.feeRate,
    inputs: sweep.inputs.map((i) => ({ outpoint: i.outpoint, value_sat: i.value.toString() })),
  };
}

/**
 * POST /wallets/recovery/sweep: the recovery key's signed PSBT is checked (this wallet's unspent
 * coins only, every signature against its digest), finalized and relayed; then the owners and
 * admins are told and the audit log records it, in one transaction.
 */
export async function submitSweep(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof sweepSubmitBody>,
) {
  const { wallet } = await recoveryWallet(ctx, actor, input.wallet_id, 'queue');
  const { ops } = timelockParts(ctx, wallet);
  const sent = await family(() => ops.submitSweep(familyWallet(wallet), input.psbt));
  const outputs = sent.outputs.map((o) => ({ to: o.to, value_sat: o.value.toString() }));
  await ctx.db.transaction().execute(async (trx) => {
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'recovery_sweep',
      ip: actor.ip,
      content: { wallet_id: wallet.id, name: wallet.name, txid: sent.txid, outputs },
    });
    const total = satsToCoins(sent.outputs.reduce((sum, o) => sum + o.value, 0n));
    const symbol = familyOf(ctx, wallet.chain_key).chain.info.nativeSymbol;
    const to = outputs.map((o) => o.to).join(', ');
    await tellAboutWallet(ctx, trx, wallet, ownersAndAdmins(trx, wallet), {
      title: 'Recovery key swept the wallet',
      body: `The emergency recovery key moved ${total} ${symbol} of matured coins to ${to} (transaction ${sent.txid}).`,
    });
  });
  return { txid: sent.txid, fee_sat: sent.fee.toString(), outputs };
}
