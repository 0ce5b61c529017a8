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
    }
  /** Sign a message for the Dapp (the message itself is the task's payload): done at the threshold. */
  | { action: 'message'; name: string; url: string; kind: 'personal' | 'typed' }
  | RecoveryAction;

/** Emergency recovery's wallet calls (modules/recovery): enable the delay module, veto, disable. */
export type RecoveryAction =
  | {
      action: 'recovery_enable';
      delay: string;
      recoverer: string;
      cooldown_hours: number;
      expiration_hours: number;
    }
  /** Vetoes every recovery queued before `queue_nonce`. */
  | { action: 'recovery_cancel'; delay: string; queue_nonce: number }
  | { action: 'recovery_disable'; delay: string };

const ACTIONS = new Set([
  'approve_cancel',
  'approve',
  'calls',
  'message',
  'recovery_enable',
  'recovery_cancel',
  'recovery_disable',
]);

export interface CallCheck {
  is_contract: boolean;
  simulation_error: string | null;
}

export const isRecoveryAction = (dapp: DappAction | null): dapp is RecoveryAction =>
  dapp?.action === 'recovery_enable' ||
  dapp?.action === 'recovery_cancel' ||
  dapp?.action === 'recovery_disable';

/** The Dapp action out of a task's data, if it has one. */
export function dappOf(data: unknown): DappAction | null {
  const dapp = (data as { dapp?: DappAction } | null)?.dapp;
  return dapp && ACTIONS.has(dapp.action) ? dapp : null;
}

/** A task's Dapp action as lists and the detail show it (the calls themselves: GET /task/dapp). */
export function presentDapp(dapp: DappAction | null) {
  if (dapp?.action !== 'calls') return dapp;
  return { action: dapp.action, name: dapp.name, url: dapp.url, call_count: dapp.calls.length };
}

/** What the first actors are told a new Dapp task does. */
export function dappSummary(dapp: DappAction, walletName: string): string {
  if (dapp.action === 'recovery_enable')
    return `Enable emergency recovery of ${walletName} by ${dapp.recoverer} after ${dapp.cooldown_hours} h`;
  if (dapp.action === 'recovery_cancel') return `Veto the emergency recovery queued on ${walletName}`;
  if (dapp.action === 'recovery_disable') return `Disable emergency recovery of ${walletName}`;
  if (dapp.action === 'message') return `${dapp.name} asks ${walletName} to sign a message`;
  const symbol = dapp.action === 'calls' ? '' : (dapp.symbol ?? dapp.token);
  if (dapp.action === 'approve_cancel')
    return `Cancel the ${symbol} approval of ${dapp.spender} from ${walletName}`;
  if (dapp.action === 'approve') return `Let ${dapp.spender} spend ${dapp.amount} ${symbol} of ${walletName}`;
  const count = dapp.calls.length === 1 ? 'a call' : `${dapp.calls.length} calls`;
  return `${dapp.name} asks ${walletName} for ${count}`;
}

/** The audit operation and content of a Dapp task's creation. */
export function dappAudit(dapp: DappAction) {
  if (isRecoveryAction(dapp)) {
    const { action, ...content } = dapp;
    return { operation: `create_${action}`, content };
  }
  if (dapp.action === 'message')
    return { operation: 'create_dapp_message', content: { dapp: dapp.name, url: dapp.url, kind: dapp.kind } };
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
