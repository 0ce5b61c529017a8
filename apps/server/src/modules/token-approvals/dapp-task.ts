import { TaskType } from '@keystead/contract';

/** §3 transaction type DappTask: a contract call from the wallet through the one transfer lifecycle. */
export const DAPP_TASK = TaskType.ContractInteraction;

/** What a Dapp task does, kept in its data: today the one action is cancelling a token approval. */
export interface DappAction {
  action: 'approve_cancel';
  token: string;
  spender: string;
  symbol: string | null;
}

/** The Dapp action out of a task's data, if it has one. */
export function dappOf(data: unknown): DappAction | null {
  const dapp = (data as { dapp?: DappAction } | null)?.dapp;
  return dapp?.action === 'approve_cancel' ? dapp : null;
}
