import { sql } from 'kysely';
import { parseGwei } from 'viem';
import type { FastifyRequest } from 'fastify';
import type { createTransferBody } from '@keystead/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { canOnWallet } from '../policy/policy';
import { loadWallet } from '../wallets/wallet-access';
import { walletTokens } from '../wallets/wallet-assets';
import { SignType, WalletStatus } from '../wallets/wallet-status';
import { AddressTag, addressTags } from './address-tags';
import { parseAmount } from './amount';
import { safeTxToJson } from './safe-tx-store';
import { notifyFirstActors } from './transfer-notify';
import { ACTIVE_STATUSES, TransferStatus, TRANSFER_TASK } from './transfer-status';

type CreateInput = z.infer<typeof createTransferBody>;

/**
 * The operator's command (§4 creation). Every §5 rule is checked against the chain and the
 * space's data before one transaction takes the next Safe nonce and stores the exact Safe
 * transaction the signers will sign.
 */
export async function createTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  input: CreateInput,
  mode: { smallAmountTest?: boolean } = {},
) {
  const { organization, member } = requireSpace(request);
  const { user } = requireUser(request);
  const { wallet, relation } = await loadWallet(ctx.db, request, input.wallet_id);
  const operate = canOnWallet(member.role, relation, 'operate');
  if (!operate.allowed) throw new AppError(operate.code!);
  if (wallet.sign_type !== SignType.Multi || wallet.status !== WalletStatus.Normal || !wallet.address)
    throw new AppError(mode.smallAmountTest ? 'SMALL_AMOUNT_TEST_STATUS_ERROR' : 'WALLET_STATUS_ERROR');
  const chain = ctx.chains.walletChain(wallet.chain_key);
  if (!chain.isValidAddress(input.to)) throw new AppError('CHAIN_ADDRESS_INVALID_ERROR');
  const to = chain.normalizeAddress(input.to);
  // The small-amount test (§4 wallet setup) is the one transfer a wallet makes to itself.
  if (to.toLowerCase() === wallet.address.toLowerCase() && !mode.smallAmountTest)
    throw new AppError('TRANSFER_TO_SELF_ERROR');
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const token = input.token
    ? tokens.find((t) => t.contract?.toLowerCase() === input.token!.toLowerCase())
    : tokens.find((t) => t.contract === null);
  if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');
  const amount = parseAmount(input.amount, token.decimals);
  const customFee = customFeeWei(input.fee_tier, input.custom_fee_gwei);

  const { tags } = await addressTags(ctx.db, organization.id, to);
  if (wallet.whitelist_on && !tags.includes(AddressTag.AddressBook) && !mode.smallAmountTest)
    throw new AppError('TRANSFER_WHITELIST_ONLY_ERROR');
  if (tags.includes(AddressTag.SimilarAddress) && !input.acknowledge_similar)
    throw new AppError('TRANSFER_RISK_ADDRESS_ERROR', {}, { tags });

  const [sheet, safe] = await Promise.all([
    chain.getBalances([wallet.address], [token]),
    chain.readSafe(wallet.address),
  ]);
  if (!safe) throw new AppError('WALLET_STATUS_ERROR');
  const onChain = sheet.get(chain.normalizeAddress(wallet.address))?.get(token.key) ?? 0n;

  return ctx.db.transaction().execute(async (trx) => {
    // One writer per wallet: the locked amount and the next nonce are read and taken together.
    await sql`select pg_advisory_xact_lock(8400, ${wallet.id}::int)`.execute(trx);
    const active = await trx
      .selectFrom('tasks')
      .select([
        sql<string>`coalesce(sum(amount) filter (where token_key = ${token.key}), 0)::text`.as('locked'),
        sql<string | null>`max(safe_nonce)::text`.as('max_nonce'),
      ])
      .where('wallet_id', '=', wallet.id)
      .where('type', '=', TRANSFER_TASK)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirstOrThrow();
    if (onChain - BigInt(active.locked) < amount) throw new AppError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    const queued = active.max_nonce === null ? -1n : BigInt(active.max_nonce);
    const nonce = safe.nonce > queued ? safe.nonce : queued + 1n;
    const tx = chain.buildTransfer({ safe: wallet.address!, token, to, amount, nonce });
    const hash = chain.safeTxHash(Number(chain.info.chainId), wallet.address!, tx);
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
        data: JSON.stringify({ tags, ...(mode.smallAmountTest ? { small_amount_test: true } : {}) }),
        chain_key: wallet.chain_key,
        safe_nonce: nonce.toString(),
        safe_tx: JSON.stringify(safeTxToJson(tx)),
        safe_tx_hash: hash,
        token_key: token.key,
        symbol: token.symbol,
        decimals: token.decimals,
        amount: amount.toString(),
        to_address: to,
        remark: input.remark ?? null,
        approval_threshold: wallet.approval_threshold,
        signing_threshold: safe.threshold,
        fee_tier: input.fee_tier,
        max_fee_per_gas: customFee,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyFirstActors(
      ctx,
      trx,
      task,
      wallet,
      `${input.amount} ${token.symbol} from ${wallet.name} to ${to}`,
    );
    // Last: the space's audit chain is locked from here to the commit, so keep that short.
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'transfer',
      operation: mode.smallAmountTest ? 'small_amount_test' : 'create',
      ip: request.ip,
      content: {
        task_id: task.id,
        wallet_id: wallet.id,
        to,
        amount: input.amount,
        symbol: token.symbol,
        nonce: nonce.toString(),
      },
    });
    return task;
  });
}

/** A custom fee must be named and above zero (§5 "fee nonzero"). */
function customFeeWei(tier: CreateInput['fee_tier'], gwei: string | undefined): string | null {
  if (tier !== 'custom') return null;
  const wei = gwei ? parseGwei(gwei) : 0n;
  if (wei === 0n) throw new AppError('TRANSFER_FEE_ZERO_ERROR');
  return wei.toString();
}

export function taskNumber(id: number): string {
  return `T${String(id).padStart(6, '0')}`;
}
