import { chainByKey } from '@keystead/chains';
import type { AppContext } from '../../context';
import { EmergencyRecoveryState } from '@keystead/contract';
import type { Task, Wallet } from '../../db/schema';
import { jsonColumn } from '../../lib/json-column';
import { dappOf, isRecoveryAction } from '../dapp/dapp-task';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { canOnWallet } from '../policy/policy';
import { loadWalletFor } from '../wallets/wallet-access';
import { walletTokens } from '../wallets/wallet-assets';
import { SignType, WalletStatus } from '../wallets/wallet-status';

/**
 * A wallet the caller may start a transfer from, ready to move funds, with the asset asked for
 * (a token contract, or the chain's coin) — what the wizard's estimates read before creating.
 */
export async function operableWalletAsset(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
  tokenContract?: string | null | undefined,
) {
  const { wallet, relation } = await loadWalletFor(ctx.db, actor, walletId);
  const operate = canOnWallet(actor.member.role, relation, 'operate');
  if (!operate.allowed) throw new AppError(operate.code!);
  assertMovesFunds(wallet);
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const token = tokens.find((t) =>
    tokenContract ? t.contract?.toLowerCase() === tokenContract.toLowerCase() : t.contract === null,
  );
  if (!token) throw new AppError('TOKEN_NOT_FOUND_ERROR');
  return { wallet: { ...wallet, address: wallet.address }, token };
}

/** A multisig wallet set up and normal moves funds; a Tron account awaiting its top-up says so. */
export function assertMovesFunds<W extends Pick<Wallet, 'sign_type' | 'status' | 'address' | 'chain_key'>>(
  wallet: W,
  notReady: 'WALLET_STATUS_ERROR' | 'SMALL_AMOUNT_TEST_STATUS_ERROR' = 'WALLET_STATUS_ERROR',
): asserts wallet is W & { address: string } {
  if (wallet.status === WalletStatus.TrxNeededForActivation && chainByKey(wallet.chain_key)?.family === 'TRX')
    throw new AppError('TRON_ACTIVATION_REQUIRED_ERROR');
  if (wallet.sign_type !== SignType.Multi || wallet.status !== WalletStatus.Normal || !wallet.address)
    throw new AppError(notReady);
}

/**
 * §4 "pending recovery blocks other actions": while a recovery is queued on the wallet, its other
 * tasks are neither signed nor broadcast; the recovery's own tasks (the owners' veto) go on.
 */
export function assertNoRecoveryPending(wallet: Pick<Wallet, 'recovery_state'>, task: Pick<Task, 'data'>) {
  if (wallet.recovery_state !== EmergencyRecoveryState.PendingRestore) return;
  if (!isRecoveryAction(dappOf(jsonColumn(task.data)))) throw new AppError('WALLET_RECOVERY_PENDING_ERROR');
}
