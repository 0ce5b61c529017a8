import type { z } from 'zod';
import type { cancelApprovalBody, grantApprovalBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { family, familyOf, familyWallet, feeChoice } from '../transfers/transfer-family';
import { storeTransfer, walletToOperate } from '../transfers/transfer-create';
import { parseAmount } from '../transfers/amount';
import { formatUnits } from '../wallets/decimal';
import type { WalletToken } from '../wallets/wallet-assets';
import { activeApprovalTasks, approvalKey, approvalsOf } from './approval-list';
import { dappFacts, type DappAction } from './dapp-task';
import { callsOf } from './dapp-calls';

type CancelInput = z.infer<typeof cancelApprovalBody>;
type GrantInput = z.infer<typeof grantApprovalBody>;

const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * POST /task/dapp-approve-cancel (operators): a Dapp task (type 6) whose Safe transaction calls
 * token.approve(spender, 0). Cancelling needs no Dapp switch: it only takes a permission back.
 */
export async function cancelApproval(ctx: AppContext, actor: CommandContext, input: CancelInput) {
  const target = await approvalTarget(ctx, actor, input);
  const [allowance] = await target.reads
    .allowances([{ owner: target.wallet.address, token: target.token.contract!, spender: target.spender }])
    .catch(() => {
      throw new AppError('WS_EVM_CONTRACT_CALL_ERROR');
    });
  // Nothing stands to cancel (never granted, spent, or already set to 0).
  if (!allowance) throw new AppError('PARAMS_INVALID_ERROR', { field: 'spender' });
  return approvalTask(ctx, actor, input, target, 0n, 'approve_cancel');
}

/**
 * POST /wallets/dapp/approve (operators, space and wallet Dapps on): a Dapp task setting the
 * allowance of `spender` to `amount` of the token, or to the largest uint256 ("unlimited"). The
 * transfer policy judges it as that amount sent to the spender.
 */
export async function grantApproval(ctx: AppContext, actor: CommandContext, input: GrantInput) {
  if (!actor.organization.is_open_dapp) throw new AppError('DAPP_SPACE_UNSUPPORTED_ERROR');
  const target = await approvalTarget(ctx, actor, input);
  if (!target.wallet.dapp_on) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  const amount =
    input.amount === 'unlimited' ? MAX_UINT256 : parseAmount(input.amount, target.token.decimals);
  return approvalTask(ctx, actor, input, target, amount, 'approve');
}

/** The wallet (operated by the caller), its family's allowance reads, the token and the spender. */
async function approvalTarget(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; token: string; spender: string },
) {
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.tokenApprovals) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  const tokenAddress = await family(() => adapter.recipient(input.token));
  const spender = await family(() => adapter.recipient(input.spender));
  const token = await tokenOf(ctx, tokens, wallet.chain_key, tokenAddress);
  return { wallet, known, adapter, reads: approvalsOf(adapter), token, spender };
}

/**
 * The task: approve(spender, amount) from the wallet at its next nonce, through the one transfer
 * lifecycle. One approval task per token and spender at a time, checked under the wallet's
 * writer lock, so two requests cannot both start one.
 */
async function approvalTask(
  ctx: AppContext,
  actor: CommandContext,
  input: { fee_tier: string; custom_fee_gwei?: string | undefined; remark?: string | undefined },
  target: Awaited<ReturnType<typeof approvalTarget>>,
  amount: bigint,
  action: 'approve' | 'approve_cancel',
) {
  const { wallet, known, adapter, reads, token, spender } = target;
  const ref = { token: token.contract!, spender };
  const dapp: DappAction =
    action === 'approve'
      ? { action, ...ref, symbol: token.symbol, amount: shownAllowance(amount, token) }
      : { action, ...ref, symbol: token.symbol };
  const intent = {
    // The policy reads an approval as its amount going to the spender; a cancellation moves nothing.
    outputs: [{ to: action === 'approve' ? spender : ref.token, amount: action === 'approve' ? amount : 0n }],
    token: null,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei),
  };
  const call = reads.approveCall(ref, amount);
  return storeTransfer(
    ctx,
    actor,
    wallet,
    intent,
    dappFacts(dapp, token, known, input),
    (held, state) => callsOf(adapter).build(familyWallet(wallet), [call], state, held),
    async (trx) => {
      const active = (await activeApprovalTasks(trx, wallet.id)).get(approvalKey(ref.token, spender));
      if (active?.action === 'approve_cancel' && action === 'approve_cancel')
        throw new AppError('DAPP_APPROVE_CANCEL_DUPLICATE_ERROR');
      if (active) throw new AppError('DAPP_APPROVAL_PENDING_ERROR');
    },
  );
}

const shownAllowance = (amount: bigint, token: WalletToken) =>
  amount === MAX_UINT256 ? 'unlimited' : formatUnits(amount, token.decimals);

/** The token as the wallet knows it, or as its contract describes itself. */
async function tokenOf(
  ctx: AppContext,
  tokens: WalletToken[],
  chainKey: string,
  contract: string,
): Promise<WalletToken> {
  const known = tokens.find((t) => t.contract?.toLowerCase() === contract.toLowerCase());
  if (known) return known;
  const read = await family(() => familyOf(ctx, chainKey).token!(contract));
  return {
    key: contract.toLowerCase(),
    contract,
    symbol: read.symbol,
    decimals: read.decimals,
    custom: true,
  };
}
