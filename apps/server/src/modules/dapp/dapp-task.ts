import { TaskType } from '@keystead/contract';
import type { KnownAddresses } from '../transfers/address-tags';
import type { TaskFacts } from '../transfers/transfer-create';
import type { WalletToken } from '../wallets/wallet-assets';

/** §3 transaction type DappTask: a contract call from the wallet through the one transfer lifecycle. */
export const DAPP_TASK = TaskType.ContractInteraction;

/** A call as a Dapp task keeps it: target, value in wei and data (hex). */
export interface StoredCall {
  to: string;
  value: string;
  data: string;
}

/** What a Dapp task does, kept in its data: cancel a token approval, or make a Dapp's calls. */
export type DappAction =
  | { action: 'approve_cancel'; token: string; spender: string; symbol: string | null }
  /** Set an allowance: `amount` in token units, or "unlimited". */
  | { action: 'approve'; token: string; spender: string; symbol: string | null; amount: string }
  | {
      action: 'calls';
      name: string;
      url: string;
      calls: StoredCall[];
      /** What creation found of each call: its target holds code; run alone from the wallet, why it reverted. */
      checks: CallCheck[];
    };

export interface CallCheck {
  is_contract: boolean;
  simulation_error: string | null;
}

/** The Dapp action out of a task's data, if it has one. */
export function dappOf(data: unknown): DappAction | null {
  const dapp = (data as { dapp?: DappAction } | null)?.dapp;
  return dapp?.action === 'approve_cancel' || dapp?.action === 'approve' || dapp?.action === 'calls'
    ? dapp
    : null;
}

/** A task's Dapp action as lists and the detail show it (the calls themselves: GET /task/dapp). */
export function presentDapp(dapp: DappAction | null) {
  if (dapp?.action !== 'calls') return dapp;
  return { action: dapp.action, name: dapp.name, url: dapp.url, call_count: dapp.calls.length };
}

/** What the first actors are told a new Dapp task does. */
export function dappSummary(dapp: DappAction, walletName: string): string {
  const symbol = dapp.action === 'calls' ? '' : (dapp.symbol ?? dapp.token);
  if (dapp.action === 'approve_cancel')
    return `Cancel the ${symbol} approval of ${dapp.spender} from ${walletName}`;
  if (dapp.action === 'approve') return `Let ${dapp.spender} spend ${dapp.amount} ${symbol} of ${walletName}`;
  const count = dapp.calls.length === 1 ? 'a call' : `${dapp.calls.length} calls`;
  return `${dapp.name} asks ${walletName} for ${count}`;
}

/** The audit operation and content of a Dapp task's creation. */
export function dappAudit(dapp: DappAction) {
  if (dapp.action !== 'calls') {
    const content = { token: dapp.token, spender: dapp.spender, symbol: dapp.symbol ?? dapp.token };
    if (dapp.action === 'approve_cancel') return { operation: 'create_approve_cancel', content };
    return { operation: 'create_approve', content: { ...content, amount: dapp.amount } };
  }
  return {
    operation: 'create_dapp',
    content: { dapp: dapp.name, url: dapp.url, targets: [...new Set(dapp.calls.map((c) => c.to))] },
  };
}

/** A Dapp task's facts for the one creation path: no fund purpose, no risk tags, its one asset. */
export function dappFacts(
  dapp: DappAction,
  token: WalletToken,
  known: KnownAddresses,
  input: { fee_tier: string; remark?: string | undefined },
): TaskFacts {
  return {
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
  };
}
