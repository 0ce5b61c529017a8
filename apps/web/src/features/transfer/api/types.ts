/** §3 Task/transfer as GET /task/info and GET /transfer/list present it. */
export interface TransferTask {
  task_id: number;
  /** 1 transfer, 3 wallet creation. */
  type?: number;
  task_number: string;
  wallet_id: number;
  wallet_name?: string;
  chain_id: string;
  /** §4 Task status: 0 approval, 1 completed, 2 failed, 3 signing, 5 broadcast, 6 on chain, 7 revoked, 8, 9, 10, 11. */
  status: number;
  to: string | null;
  symbol: string | null;
  token_key: string | null;
  amount: string | null;
  remark: string | null;
  nonce: string | null;
  safe_tx_hash: string | null;
  hash: string | null;
  approval_threshold: number | null;
  signing_threshold: number | null;
  failure_reason: string | null;
  created_by: number | null;
  ctime: string;
  fee_tier?: string | null;
  rejection_of?: number | null;
}

export interface TaskApproval {
  user_id: number;
  nickname: string | null;
  /** 1 approved, 2 rejected. */
  result: number;
  comment: string | null;
  created_at: string;
}

export interface TaskSignature {
  signer: string;
  user_id: number;
  kind: string;
  created_at: string;
}

export interface TaskBroadcast {
  tx_hash: string;
  from: string;
  nonce: string | number;
  max_fee_gwei: string | null;
  /** 1 success, 2 pending, 3 replaced, 4 failed. */
  status: number;
  created_at: string;
}

export interface QueueItem {
  task_id: number;
  task_number: string;
  nonce: string | number | null;
  status: number;
  rejection: boolean;
}

export interface TaskInfo extends TransferTask {
  wallet_name: string;
  wallet_address: string | null;
  approvals: TaskApproval[];
  signatures: TaskSignature[];
  typed_data: Record<string, unknown> | null;
  execution: { to: string; data: string; value: string } | null;
  broadcasts?: TaskBroadcast[];
  rejection?: { task_id: number; status: number } | null;
  queue?: QueueItem[];
  /** Bitcoin family: the PSBT (base64) as signed so far, its fee and the wallet's keys. */
  psbt?: string | null;
  fee?: string | null;
  fee_rate?: number | null;
  vsize?: number | null;
  signing_keys?: Array<{ xpub: string; fingerprint: string; path: string }>;
  /** 'BTC' for Bitcoin-family tasks. */
  family?: string;
  fee_sat?: string | null;
  fee_unit?: string;
  outputs?: Array<{ to: string; amount: string; value_sat: string }>;
  change?: { address: string; index: number; value_sat: string } | null;
  inputs?: Array<{ outpoint: string; value: string; value_sat: string; branch: number; index: number }>;
  replaces?: number | null;
  replaced_by?: { task_id: number; status: number } | null;
}

export interface TransferPage {
  list: TransferTask[];
  page: number;
  page_size: number;
  total: number;
}

export type FeeTier = 'slow' | 'standard' | 'fast' | 'custom';

export interface FeeEstimate {
  unit: string;
  tiers: Record<Exclude<FeeTier, 'custom'>, { max_fee_gwei: string; priority_fee_gwei: string }>;
  gas_limit: string | number;
  native_symbol: string;
  refreshed_at: string;
}

export interface AddressTags {
  tags: number[];
  similar_to?: string | null;
}

/** §3 address tag types. */
export const ADDRESS_TAG = {
  orgWallet: -2,
  addressBook: -1,
  black: 1,
  exchange: 2,
  new: 6,
  firstTransfer: 20,
  similar: 21,
} as const;

/** §4 Task status. */
export const TASK_STATUS = {
  pendingApproval: 0,
  completed: 1,
  failed: 2,
  pendingSignature: 3,
  pendingBroadcast: 5,
  onChain: 6,
  revoked: 7,
  broadcastRejected: 8,
  approvalRejected: 9,
  userCancelled: 10,
  timeoutCancelled: 11,
} as const;

export const FINAL_STATUSES: readonly number[] = [1, 2, 7, 8, 9, 10, 11];

export interface BroadcastDraft {
  chain_id: number;
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  value: string;
  nonce: number | string;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  speed_up: boolean;
}

export interface OnChainRecord {
  id: number;
  wallet_id: number;
  wallet_name: string;
  /** 1 in, 2 out. */
  direction: number;
  tx_hash: string;
  from: string;
  to: string;
  symbol: string;
  amount: string;
  block_number: string | number;
  ctime: string;
}

/** Bitcoin-family tasks carry a PSBT (and say family 'BTC'). */
export const isUtxoTask = (task: TaskInfo) => task.family === 'BTC' || task.psbt !== undefined;
