/** §3 Wallet, Wallet list item, Wallet asset info as the wallets API presents them. */
export interface Chain {
  chain_id: string;
  name: string;
  family: string;
  symbol: string;
  decimals: number;
  testnet: boolean;
  devnet: boolean;
  explorer: string | null;
}

export type WalletRole = 'operator' | 'approver' | 'viewer' | 'risk_control' | 'broadcaster';

export interface WalletBase {
  wallet_id: number;
  organization_id: number;
  chain_id: string;
  name: string;
  remark: string | null;
  address: string | null;
  address_short: string | null;
  /** 1 multi, 2 single, 3 exchange. */
  sign_type: number;
  /** §4 Wallet status: 1 normal, 3 initializing, 8 deploy pending, 10 archived, 11 awaiting verification… */
  status: number;
  threshold: number;
  approval_threshold: number;
  /** 2 operator, 3 everyone, 4 signer. */
  broadcast_scope: number;
  is_open_white_list: boolean;
  is_open_asset_tag: boolean;
  deploy_tx_hash: string | null;
  /** Bitcoin family: the wallet's output descriptors (receive 0/*, change 1/*). */
  descriptor?: { receive: string; change: string } | null;
  ctime: string;
}

export interface WalletListItem extends WalletBase {
  enable_status: boolean;
  permission_num: number;
  amount: string;
  lock_amount: string;
  available_amount: string;
  roles: WalletRole[];
  is_operator: boolean;
  is_single_wallet_signer: boolean;
  task_id: number | null;
}

export interface WalletList {
  list: WalletListItem[];
  page: number;
  page_size: number;
  total: number;
  total_amount: string;
  currency: string;
}

export interface WalletPerson {
  user_id: number;
  nickname: string | null;
  email: string;
}

export interface WalletDetail extends WalletBase {
  signers: Array<WalletPerson & { address: string; weight: number }>;
  operators: WalletPerson[];
  approvers: WalletPerson[];
  viewers: WalletPerson[];
  risk_control_users: WalletPerson[];
  broadcasters: WalletPerson[];
  my_roles: WalletRole[];
  is_signer: boolean;
}

export interface AssetLine {
  symbol: string;
  contract_address: string | null;
  decimals: number;
  amount: string;
  amount_display: string;
  price: string | null;
  value: string | null;
  proportion: string | null;
  custom: boolean;
  /** What active transfers lock of this token, and the rest (token units). */
  lock_amount: string;
  available_amount: string;
}

export interface WalletAssets {
  amount: string;
  available_amount: string;
  lock_amount: string;
  detail: AssetLine[];
  update_time: string | null;
  currency: string;
}

export interface Deployment {
  to: `0x${string}`;
  data: `0x${string}`;
  predicted_address?: string;
}

/** A verified signer address of a space member (the wizard's signer choices). */
export interface SignUser {
  id: number;
  name: string;
  address: string;
  family: string;
  user_id: number;
  nickname: string | null;
  email: string;
}

export const WALLET_STATUS = {
  normal: 1,
  initializing: 3,
  deployPending: 8,
  archived: 10,
  awaitingVerification: 11,
} as const;
export const SIGN_TYPE = { multi: 1, single: 2, exchange: 3 } as const;
