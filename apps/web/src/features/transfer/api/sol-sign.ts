import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { assertApproval, type VaultTransfer } from '@/lib/solana-approval-check';
import { WalletError } from '@/lib/wallet-connectors/types';
import { TRANSFER_KEY } from './transfer-queries';
import type { EvmTaskInfo, SignReply } from './types';

/**
 * GET /task/info of a Solana transfer: the EVM-shaped reply with, while it is signed, the family's
 * signing view — the Squads multisig and its vault, the fee payer, the vault transaction's index,
 * the members that approved.
 */
export type SolTaskInfo = EvmTaskInfo & {
  multisig?: string;
  vault?: string;
  fee_payer?: string;
  transaction_index?: string;
  approved_by?: string[];
};

/** An approval just built, as the signing card shows it: its index, whether it proposes, and what its vault transaction does. */
export interface BuiltApproval {
  index: string;
  proposes: boolean;
  vault: VaultTransfer | null;
}

/** POST /sol-sign-create: the approval transaction to sign now (unsigned, base64; its blockhash lives about a minute). */
export const createSolApproval = (taskId: number) =>
  api.post<{
    transaction: string;
    last_valid_block_height: number;
    transaction_index: string;
    proposes: boolean;
    signer: string;
    fee_payer: string;
  }>(`${V1}/sol-sign-create`, { task_id: taskId });

/**
 * createSolApproval, checked in the page before any key signs it (solana-approval-check.ts): for
 * the task's multisig, paid by its fee payer, signed by the key it names, the proposal of the
 * index it names — which must be the task's once the task has one — and, when it proposes, a
 * vault transaction that sends exactly the task's amount of its coin or token (the task names a
 * token by its mint in lower case, `token_key`) to its recipient. With what that vault
 * transaction does (`built.vault`, read from its bytes) for the card to show.
 */
export async function createCheckedSolApproval(task: SolTaskInfo) {
  const approval = await createSolApproval(task.task_id);
  const { multisig, fee_payer: feePayer } = task;
  if (!multisig || !feePayer)
    throw new WalletError('transaction_mismatch', 'no Squads multisig or fee payer');
  if (task.transaction_index && task.transaction_index !== approval.transaction_index)
    throw new WalletError(
      'transaction_mismatch',
      `index ${approval.transaction_index}, not ${task.transaction_index}`,
    );
  const transfer =
    task.to && task.amount
      ? {
          to: task.to,
          amount: task.amount,
          mint: task.token_key && task.token_key !== 'native' ? task.token_key : null,
        }
      : undefined;
  const vaultTransfer = await assertApproval(approval.transaction, {
    multisig,
    feePayer,
    signer: approval.signer,
    index: approval.transaction_index,
    transfer,
  });
  const built: BuiltApproval = {
    index: approval.transaction_index,
    proposes: approval.proposes,
    vault: vaultTransfer,
  };
  return { ...approval, built };
}

/** POST /sign: the signed approval transaction (base64), sent by the server through the fee payer. */
export const sendSolApproval = (body: { task_id: number; signature: string }) =>
  api.post<SignReply>(`${V1}/sign`, body);

/** POST /fee/sol-sign-estimate: what one approval costs the space's fee payer, and what it holds. */
export const useSolSignEstimate = (taskId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...TRANSFER_KEY, 'sol-sign-estimate', taskId],
    queryFn: () =>
      api.post<{
        fee: string;
        fee_lamports: string;
        fee_payer: string;
        fee_payer_balance: string;
        symbol: string;
      }>(`${V1}/fee/sol-sign-estimate`, { task_id: taskId }),
    enabled,
    meta: { silent: true },
  });
