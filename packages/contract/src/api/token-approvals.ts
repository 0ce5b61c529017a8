import { z } from 'zod';
import { text } from './common';
import { feeTierField, gweiString } from './transfers';
import { TOKEN_APPROVAL_STATUSES } from '../enums';

/**
 * §2 wallet tab "token approvals", §3 token approval statuses, §7 /wallets/dapp,
 * /fee/dapp-estimate/cancel-approve and /task/dapp-approve-cancel: the ERC-20 allowances a Safe
 * has granted (found from the chain's Approval logs, amounts read live with allowance()), and
 * cancelling one by a Dapp task (type 6) that sets it to 0 through the one transfer lifecycle.
 */
const hexAddress = text()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR');

/** §3: approve (the allowance stands), approve_cancel (a task cancelling it is under way). */
export const tokenApprovalStatus = z.enum(TOKEN_APPROVAL_STATUSES);

export const tokenApprovalItem = z.object({
  /** The token contract (EIP-55). */
  token: z.string(),
  /** What the contract says of itself; null where it does not answer like an ERC-20. */
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Who may spend the wallet's tokens (EIP-55). */
  spender: z.string(),
  /** The spender's name in this space: an address-book entry or one of its own wallets. */
  spender_name: z.string().nullable(),
  /** The allowance now, in the token's units (base units when decimals are unknown). */
  allowance: z.string(),
  allowance_raw: z.string(),
  /** The allowance is the largest uint256 ("unlimited"), which spending never lowers. */
  unlimited: z.boolean(),
  status: tokenApprovalStatus,
  /** The active task cancelling it (status approve_cancel), else null. */
  cancel_task_id: z.number().int().nullable(),
  /** The latest Approval event seen for this token and spender. */
  tx_hash: z.string(),
  block_number: z.string(),
});
export type TokenApproval = z.infer<typeof tokenApprovalItem>;

/** GET /wallets/dapp?wallet_id: the wallet's standing token approvals, newest first. */
export const tokenApprovalsReply = z.object({
  list: z.array(tokenApprovalItem),
  /** The last block the approval scan has read on this chain (null before its first run). */
  scanned_to_block: z.string().nullable(),
});
export type TokenApprovals = z.infer<typeof tokenApprovalsReply>;

/** The approval a cancellation names. */
export const approvalRef = z.object({
  wallet_id: z.number().int().positive(),
  token: hexAddress,
  spender: hexAddress,
});

/** POST /fee/dapp-estimate/cancel-approve: the fee tiers and the gas of the approve(spender, 0) execution. */
export const cancelApprovalEstimateBody = approvalRef;

/** POST /task/dapp-approve-cancel: a Dapp task (type 6) setting the allowance to 0; replies with the task. */
export const cancelApprovalBody = approvalRef.extend({
  fee_tier: feeTierField.default('standard'),
  custom_fee_gwei: gweiString.optional(),
  remark: text().trim().max(200).optional(),
});

/** POST /wallets/dapp/approve: a Dapp task (type 6) setting the allowance; replies with the task. */
export const grantApprovalBody = cancelApprovalBody.extend({
  /** In the token's units (no exponent, no sign), or "unlimited" (the largest uint256). */
  amount: text()
    .trim()
    .regex(/^(unlimited|\d{1,60}(\.\d{1,36})?)$/, 'TASK_AMOUNT_INVALID_ERROR'),
});
