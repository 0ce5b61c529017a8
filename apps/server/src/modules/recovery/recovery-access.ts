import type { RecoveryOps } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { canOnRecovery, type RecoveryAction } from '../policy/policy';
import { familyOf, timelockRecoveryOf } from '../transfers/transfer-family';
import { relationColumns } from '../wallets/wallet-access';
import { WalletStatus } from '../wallets/wallet-status';

/** The family's recovery, or the catalogue's refusal for a chain without a known delay module. */
export function recoveryOps(ctx: AppContext, chainKey: string): RecoveryOps {
  const ops = familyOf(ctx, chainKey).recovery;
  if (!ops) throw new AppError('WALLET_RECOVERY_UNSUPPORTED_ERROR');
  return ops;
}

/**
 * A wallet of the caller's space and the caller's standing in its recovery, in one statement,
 * when policy lets them do `action`. The recoverer reaches a wallet they hold no role on; anyone
 * else who may not see it is told it does not exist.
 */
export async function recoveryWallet(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
  action: RecoveryAction,
) {
  const row = await ctx.db
    .selectFrom('wallets')
    .leftJoin('wallet_recoveries as r', 'r.wallet_id', 'wallets.id')
    .selectAll('wallets')
    .select(['r.recoverer_user_id', 'r.recoverer_address'])
    .select(relationColumns(walletId, actor.user.id))
    .where('wallets.id', '=', walletId)
    .where('wallets.organization_id', '=', actor.organization.id)
    .executeTakeFirst();
  if (!row || row.status === WalletStatus.Archived) throw new AppError('WALLET_NOT_FOUND_ERROR');
  const {
    relation_roles,
    relation_is_signer,
    recoverer_user_id,
    recoverer_address: _recoverer,
    ...wallet
  } = row;
  const relation = { roles: new Set(relation_roles), isSigner: Boolean(relation_is_signer) };
  // A Safe's recoverer is in wallet_recoveries; a Bitcoin-family wallet's in its recovery path.
  const timelock = timelockRecoveryOf(row);
  const recovererUserId = recoverer_user_id ?? timelock?.recoverer_user_id ?? null;
  const standing = {
    isRecoverer: recovererUserId !== null && recovererUserId === actor.user.id,
    backupRecoverer:
      (row.recoverer_address !== null && recoverer_user_id === null) ||
      (timelock !== null && timelock.recoverer_user_id === null),
  };
  const decision = canOnRecovery(actor.member.role, relation, action, standing);
  if (!decision.allowed) throw new AppError(decision.code!);
  return { wallet: wallet as Wallet, relation, ...standing };
}
