import type { z } from 'zod';
import type { cancelApprovalBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { family, familyOf, familyWallet, feeChoice } from '../transfers/transfer-family';
import { storeTransfer, walletToOperate } from '../transfers/transfer-create';
import type { WalletToken } from '../wallets/wallet-assets';
import { activeCancels, approvalKey, approvalsOf } from './approval-list';
import { DAPP_TASK } from './dapp-task';
import { callsOf } from './dapp-calls';

type CancelInput = z.infer<typeof cancelApprovalBody>;

/**
 * POST /task/dapp-approve-cancel (operators): a Dapp task (type 6) whose Safe transaction calls
 * token.approve(spender, 0). It takes the wallet's next Safe nonce under the wallet's writer lock
 * and then follows the one transfer lifecycle (policy, approvals, signatures, broadcast), so its
 * signers review the decoded call and its hashes like any transfer's.
 */
export async function cancelApproval(ctx: AppContext, actor: CommandContext, input: CancelInput) {
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.tokenApprovals) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  const reads = approvalsOf(adapter);
  const tokenAddress = await family(() => adapter.recipient(input.token));
  const spender = await family(() => adapter.recipient(input.spender));
  const [allowance] = await reads
    .allowances([{ owner: wallet.address, token: tokenAddress, spender }])
    .catch(() => {
      throw new AppError('WS_EVM_CONTRACT_CALL_ERROR');
    });
  // Nothing stands to cancel (never granted, spent, or already set to 0).
  if (!allowance) throw new AppError('PARAMS_INVALID_ERROR', { field: 'spender' });
  const token = await tokenOf(ctx, tokens, wallet.chain_key, tokenAddress);
  const dapp = { action: 'approve_cancel' as const, token: tokenAddress, spender, symbol: token.symbol };
  const intent = {
    outputs: [{ to: tokenAddress, amount: 0n }],
    token: null,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei),
  };
  const ref = { token: tokenAddress, spender };
  return storeTransfer(
    ctx,
    actor,
    wallet,
    intent,
    {
      type: DAPP_TASK,
      known,
      token,
      tokenKeys: [token.key],
      tags: [],
      remark: input.remark ?? null,
      labelId: null,
      feeTier: input.fee_tier,
      smallAmountTest: false,
      dapp,
    },
    // Checked under the wallet's writer lock, so two requests cannot both start one.
    (held, state) => callsOf(adapter).build(familyWallet(wallet), [reads.cancelCall(ref)], state, held),
    async (trx) => {
      const cancels = await activeCancels(trx, wallet.id);
      if (cancels.has(approvalKey(tokenAddress, spender)))
        throw new AppError('DAPP_APPROVE_CANCEL_DUPLICATE_ERROR');
    },
  );
}

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
