import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables created by ./migrations. Keep the two in step. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string, string>;

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  category: Generated<string>;
  status: Generated<'pending' | 'sent' | 'failed' | 'stored'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
}

export interface UploadsTable {
  id: string;
  owner_user_id: number | null;
  mime: string;
  size_bytes: number;
  content: Uint8Array;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  company: string | null;
  avatar_upload_id: string | null;
  language_code: Generated<string>;
  currency: Generated<string>;
  anti_phishing_code: string | null;
  totp_secret_enc: string | null;
  totp_pending_secret_enc: string | null;
  totp_bound_at: NullableTimestamp;
  totp_last_step: Generated<number>;
  /** A lost-authenticator removal was asked for: it can be completed from this time on. */
  totp_reset_after: NullableTimestamp;
  notify_space: Generated<boolean>;
  notify_wallet: Generated<boolean>;
  notify_task: Generated<boolean>;
  /** /asset-show: amounts shown (or masked) and small assets hidden on the asset pages. */
  asset_show_amount: Generated<boolean>;
  asset_hide_small: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  stage: 'second_factor' | 'active';
  second_factor: 'totp' | 'email' | null;
  second_factor_failures: Generated<number>;
  other_device_login: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  device: string | null;
  location: string | null;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
  activated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  /** 'phone': a paired companion signer, limited to the routes marked `phone`. */
  kind: ColumnType<'browser' | 'phone', 'browser' | 'phone' | undefined, 'browser' | 'phone'>;
}

export interface PhonePairingsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_by_session_id: number;
  phone_session_id: number | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface CaptchasTable {
  id: string;
  category: string;
  email: string | null;
  answer_hash: string;
  dev_answer: string | null;
  ip: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

export interface EmailCodesTable {
  id: Generated<number>;
  purpose: string;
  email: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number | null;
  token_hash: string;
  stage: 'second_factor' | 'ready';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface InviteCodesTable {
  code: string;
  created_at: CreatedAt;
  used_by: number | null;
  used_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  organization_id: number | null;
  user_id: number | null;
  type: string;
  operation: string;
  content: Json;
  ip: string | null;
  location: string | null;
  created_at: CreatedAt;
  /** Null until the audit sealer links the row into its chain (modules/audit/audit-sealer.ts). */
  seq: number | null;
  prev_hash: string | null;
  hash: string | null;
  /**
   * 1: legacy unkeyed sha256; 2: HMAC under AUDIT_HMAC_KEY over every column; 3: as 2 with the
   * entry MAC, sealed after commit.
   */
  hash_version: Generated<number>;
  /** Version 3: `nonce.mac`, the key over the row's columns as the command wrote them. */
  entry_mac: string | null;
}

/** The signed head of one audit chain (modules/audit/audit.service.ts writeCheckpoint). */
export interface AuditCheckpointsTable {
  chain: string;
  head_id: number;
  head_seq: number;
  head_hash: string;
  signed_at: string;
  signature: string;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  logo_upload_id: string | null;
  kind: Generated<number>;
  type: Generated<number>;
  plan: Generated<'free' | 'plus' | 'enterprise'>;
  plan_expires_at: NullableTimestamp;
  /** 3-day extensions used since the plan was last paid (§4 subscription expiry). */
  plan_extensions: Generated<number>;
  is_open_approve: Generated<boolean>;
  is_open_testnet: Generated<boolean>;
  is_open_dapp: Generated<boolean>;
  environment_scan: Generated<'scanning' | 'secure' | 'error'>;
  creator_user_id: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrganizationMembersTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number | null;
  email: string;
  role: number;
  status: 'joined' | 'pending' | 'expired' | 'blocked';
  invite_token_hash: string | null;
  invite_expires_at: NullableTimestamp;
  invited_by: number | null;
  joined_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A platform-held payment-address key (an EVM payment address; the Solana fee payer), sealed under PAYMENT_MASTER_KEY. */
export interface FeePayersTable {
  id: Generated<number>;
  organization_id: number;
  family: string;
  address: string;
  secret_sealed: string;
  /** EVM payment addresses: the admin's name for it (null for the Solana fee payer). */
  name: Generated<string | null>;
  /** 1 active, 2 inactive (PaymentAddressStatus). */
  status: Generated<number>;
  created_at: Generated<Date>;
}

export interface PaymentRecordsTable {
  id: Generated<number>;
  organization_id: number;
  type: number;
  status: number;
  purpose: string;
  chain_key: string;
  hash: string;
  sender: string;
  receiver: string | null;
  volume: string | null;
  fee: string | null;
  wallet_id: number | null;
  task_id: number | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
  /** The payment address that sent it, and the raw transaction (for a speed-up at the same nonce). */
  payment_address_id: Generated<number | null>;
  raw_tx: Generated<string | null>;
  account_nonce: Generated<string | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number | null;
  category: 'transfer' | 'message';
  title: string;
  body: string;
  wallet_name: string | null;
  task_number: string | null;
  read_at: NullableTimestamp;
  created_at: CreatedAt;
  /** The page it is about (`/task/12`), or null. */
  link: string | null;
}

export interface SignerAddressesTable {
  id: Generated<number>;
  user_id: number;
  family: 'EVM' | 'BTC' | 'TRX' | 'SOL' | 'XRP';
  name: string;
  address: string;
  description: string | null;
  source: Generated<string>;
  public_key: string | null;
  derivation_path: string | null;
  status: Generated<number>;
  created_at: CreatedAt;
  verified_at: NullableTimestamp;
  fingerprint: string | null;
  chain_key: string | null;
}

export interface SignatureChallengesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'signer_address' | 'wallet_import';
  subject_id: number;
  address: string;
  message: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface WalletsTable {
  id: Generated<number>;
  organization_id: number;
  chain_key: string;
  sign_type: number;
  name: string;
  remark: string | null;
  address: string | null;
  status: number;
  threshold: Generated<number>;
  approval_threshold: Generated<number>;
  broadcast_scope: Generated<number>;
  salt_nonce: string | null;
  deploy_tx_hash: string | null;
  whitelist_on: Generated<boolean>;
  asset_tag_on: Generated<boolean>;
  payment_on: Generated<boolean>;
  /** The EVM payment address that sends and pays for this wallet's executions when payment_on. */
  payment_address_id: Generated<number | null>;
  dapp_on: Generated<boolean>;
  value_usd: Generated<string>;
  created_by: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  archived_at: NullableTimestamp;
  utxo_keys: Json | null;
  descriptor_receive: string | null;
  descriptor_change: string | null;
  next_receive_index: Generated<number>;
  next_change_index: Generated<number>;
  /** Left out when the space chose the wallets its plan keeps (§4 subscription expiry). */
  plan_frozen: Generated<boolean>;
  /** A copy of wallet_recoveries' state, so transfer steps see a pending recovery with the wallet. */
  recovery_state: Generated<string>;
  /** That recovery's delay module: the one module a Safe may have and still be trusted with signatures. */
  recovery_module: Generated<string | null>;
  /** Family spaces: 3 inheritance, 4 common, 5 backup/shared; null in company spaces. */
  family_address_type: Generated<number | null>;
  /** Bitcoin family: the timelocked recovery path (TimelockRecoveryColumn), fixed at creation. */
  timelock_recovery: Json | null;
}

export interface WalletSignersTable {
  wallet_id: number;
  signer_address_id: number;
  user_id: number;
  address: string;
  weight: Generated<number>;
}

export type WalletMemberRole = 'operator' | 'approver' | 'viewer' | 'risk_control' | 'broadcaster';

export interface WalletMembersTable {
  wallet_id: number;
  user_id: number;
  role: WalletMemberRole;
}

export interface WalletTokensTable {
  id: Generated<number>;
  wallet_id: number;
  contract: string;
  symbol: string;
  decimals: number;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface WalletBalancesTable {
  wallet_id: number;
  token_key: string;
  amount: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TasksTable {
  id: Generated<number>;
  organization_id: number;
  wallet_id: number | null;
  type: number;
  status: number;
  created_by: number | null;
  data: Json;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  chain_key: string | null;
  /** The sequence the transfer takes (the Safe nonce), or null. */
  sequence: string | null;
  /** What signers sign: a Safe transaction (JSON text) or a PSBT (base64). */
  payload: string | null;
  payload_hash: string | null;
  token_key: string | null;
  symbol: string | null;
  decimals: number | null;
  amount: string | null;
  to_address: string | null;
  remark: string | null;
  approval_threshold: number | null;
  signing_threshold: number | null;
  exec_tx_hash: string | null;
  failure_reason: string | null;
  revoked_by: number | null;
  fee_tier: string | null;
  rejection_of: number | null;
  block_number: string | null;
  fee_sat: string | null;
  fee_rate: string | null;
  vsize: number | null;
  replaces: number | null;
  block_hash: string | null;
  /** Set once the block is buried under the family's finality depth (no more reorg watch). */
  final_at: NullableTimestamp;
  /** The fund purpose (a label of the space). */
  label_id: number | null;
  /** USD value when created (numeric, read as a string; null: no price). */
  amount_usd: string | null;
  /** The transfer policy's matches and requirements (TaskPolicy). */
  policy: ColumnType<unknown, string | null | undefined, string | null>;
  /** A policy delay: the earliest broadcast. */
  broadcast_after: NullableTimestamp;
}

export interface TaskOutputsTable {
  task_id: number;
  position: number;
  source_row: number;
  to_address: string;
  token_key: string;
  symbol: string;
  decimals: number;
  /** Base units (numeric, read as a string). */
  amount: string;
  memo: string | null;
  label_id: number | null;
}

export interface LabelCategoriesTable {
  id: Generated<number>;
  organization_id: number;
  code: string;
  name: string;
  /** 1 system, 2 custom. */
  source: number;
  /** 1 enabled, 2 disabled, -2 deleted. */
  status: Generated<number>;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LabelsTable {
  id: Generated<number>;
  organization_id: number;
  category_id: number;
  code: string;
  name: string;
  source: number;
  status: Generated<number>;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LabelRecordsTable {
  id: Generated<number>;
  organization_id: number;
  task_id: number;
  label_id: number | null;
  previous_label_id: number | null;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface TaskPayloadVersionsTable {
  task_id: number;
  version: number;
  payload: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface TaskUtxosTable {
  task_id: number;
  wallet_id: number;
  outpoint: string;
  value: string;
  branch: number;
  address_index: number;
}

export interface TaskBroadcastsTable {
  id: Generated<number>;
  task_id: number;
  tx_hash: string;
  from_address: string;
  account_nonce: string;
  max_fee_per_gas: string;
  raw_tx: string | null;
  status: Generated<number>;
  send_count: Generated<number>;
  sent_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface TransferRecordsTable {
  id: Generated<number>;
  organization_id: number;
  wallet_id: number;
  chain_key: string;
  direction: number;
  tx_hash: string;
  log_index: Generated<number>;
  from_address: string;
  to_address: string;
  token_key: string;
  symbol: string;
  decimals: number;
  amount: string;
  block_number: string;
  task_id: number | null;
  created_at: CreatedAt;
  remark: string | null;
  /** USD per unit of the token (numeric), set by an operator or admin. */
  cost_price: string | null;
  noted_by: number | null;
  noted_at: NullableTimestamp;
}

/** A person's favourite Dapp of the catalogue. */
export interface DappFavoritesTable {
  user_id: number;
  dapp_id: number;
  created_at: CreatedAt;
}

/** An ERC-20 approval a wallet granted: the latest Approval event of a token and spender. */
export interface TokenApprovalsTable {
  wallet_id: number;
  /** The token contract, EIP-55. */
  token: string;
  /** Who may spend, EIP-55. */
  spender: string;
  tx_hash: string;
  block_number: string;
}

/** A Safe's emergency recovery: its delay module, recoverer, and what was last read of it on chain. */
export interface WalletRecoveriesTable {
  wallet_id: number;
  delay_address: string;
  recoverer_address: string;
  recoverer_user_id: number | null;
  cooldown_seconds: number;
  expiration_seconds: number;
  salt_nonce: string;
  enable_task_id: number | null;
  enabled_block: string | null;
  tx_nonce: Generated<number>;
  queue_nonce: Generated<number>;
  queued: ColumnType<unknown, string | undefined, string>;
  chain_time: NullableTimestamp;
  checked_at: NullableTimestamp;
  created_by: number;
  created_at: CreatedAt;
}

/** A wallet's inheritance plan: who leaves it, to whom, and where the succession stands. */
export interface InheritancePlansTable {
  wallet_id: number;
  testator_user_id: number;
  heir_user_id: number;
  heir_address: string | null;
  status: 'open' | 'accepted' | 'denied' | 'closed' | 'applied';
  reminded_at: NullableTimestamp;
  succession_opened_at: NullableTimestamp;
  applied_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A wallet's balance of one token on one day, and its USD value then (asset analysis). */
export interface AssetSnapshotsTable {
  organization_id: number;
  wallet_id: number;
  day: ColumnType<string, string, string>;
  token_key: string;
  symbol: string;
  decimals: number;
  amount: string;
  usd_price: string | null;
  usd_value: string;
  taken_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A wallet's total USD value on one day. */
export interface WalletAssetDaysTable {
  organization_id: number;
  wallet_id: number;
  day: ColumnType<string, string, string>;
  usd_value: string;
}

/** A space's total USD value on one day. */
export interface SpaceAssetDaysTable {
  organization_id: number;
  day: ColumnType<string, string, string>;
  usd_value: string;
}

/** The latest USD price of a symbol, its source, and when a fetch last failed. */
export interface PricesTable {
  symbol: string;
  usd_price: string;
  source: string;
  fetched_at: ColumnType<Date, Date | string, Date | string>;
  failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A symbol's USD price on one day. */
export interface PriceDaysTable {
  symbol: string;
  day: ColumnType<string, string, string>;
  usd_price: string;
}

/** A subscription upgrade's order (task type 7), identified by its exact amount. */
export interface SubscriptionOrdersTable {
  id: Generated<number>;
  organization_id: number;
  task_id: number;
  plan: 'plus' | 'enterprise';
  months: number;
  price: string;
  chain_key: string;
  token_contract: string;
  decimals: number;
  pay_to: string;
  amount: string;
  status: Generated<number>;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  plan_expires_at: NullableTimestamp;
  created_by: number | null;
  created_at: CreatedAt;
  /** 'card': paid through a Stripe Checkout Session (its id and address below). */
  method: Generated<'usdt' | 'card'>;
  checkout_session_id: string | null;
  checkout_url: string | null;
}

/** A verified Stripe event about a Checkout Session, once per event id, and what it did. */
export interface SubscriptionCardEventsTable {
  event_id: string;
  event_type: string;
  session_id: string;
  order_id: number | null;
  payment_status: string | null;
  currency: string | null;
  amount_total: number | null;
  outcome: 'credited' | 'underpaid' | 'unpaid' | 'unknown_order' | 'already_credited';
  received_at: CreatedAt;
}

/** A USDT transfer to a receiving address, and the order it paid (null: unmatched, refundable). */
export interface SubscriptionPaymentsTable {
  chain_key: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  pay_to: string;
  token_contract: string;
  amount: string;
  block_number: string;
  order_id: number | null;
  received_at: CreatedAt;
}

export interface ChainCursorsTable {
  chain_key: string;
  watcher: string;
  next_block: string;
}

/** A background job's lease: the process that holds it runs the job until leased_until. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  leased_until: Timestamp;
}

export interface AddressBookTable {
  id: Generated<number>;
  organization_id: number;
  family: Generated<string>;
  name: string;
  address: string;
  memo: string | null;
  description: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface TaskApprovalsTable {
  task_id: number;
  user_id: number;
  result: number;
  comment: string | null;
  created_at: CreatedAt;
}

export interface TaskSignaturesTable {
  task_id: number;
  signer: string;
  user_id: number | null;
  kind: string;
  signature: string;
  created_at: CreatedAt;
}

export interface ExchangeAccountsTable {
  wallet_id: number;
  organization_id: number;
  exchange_id: string;
  api_key_type: number;
  status: Generated<number>;
  account_mode: Generated<'classic' | 'unified'>;
  ip_whitelist: Generated<boolean>;
  key_fingerprint: string;
  api_key_hint: string;
  master_key_id: string;
  sealed_data_key: string;
  sealed_credentials: string;
  balances: Json | null;
  balances_at: NullableTimestamp;
  created_by: number;
  created_at: CreatedAt;
}

export interface ExchangeChecksTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  token_hash: string;
  input_hash: string;
  api_key_type: number;
  account_mode: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface RiskStrategiesTable {
  wallet_id: number;
  organization_id: number;
  tactic_type: number;
  status: Generated<number>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** numeric columns come back as strings (exact decimals). */
type Numeric = ColumnType<string | null, string | null | undefined, string | null>;

export interface RiskRulesTable {
  wallet_id: number;
  trade_category: number;
  symbols: Json;
  max_order_amount: Numeric;
  max_order_usdt: Numeric;
  buy_limit: Numeric;
  sell_limit: Numeric;
  buy_limit_usdt: Numeric;
  sell_limit_usdt: Numeric;
  borrow_limit: Numeric;
  contract_lever: number | null;
}

export interface PlatformApiKeysTable {
  id: Generated<number>;
  wallet_id: number;
  organization_id: number;
  api_key: string;
  description: string;
  status: Generated<number>;
  master_key_id: string;
  sealed_data_key: string;
  sealed_secret: string;
  created_by: number;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
}

export type RiskChangeOperation = 'risk_rules_save' | 'risk_rule_delete' | 'risk_lever' | 'risk_settings';

export interface RiskChangesTable {
  id: Generated<number>;
  wallet_id: number;
  organization_id: number;
  operation: RiskChangeOperation;
  change: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'applied' | 'rejected' | 'revoked'>;
  approval_threshold: number;
  proposed_by: number;
  created_at: CreatedAt;
  decided_at: NullableTimestamp;
}

export interface TransferPoliciesTable {
  organization_id: number;
  version: number;
  document: ColumnType<unknown, string, string>;
  change_id: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PolicyChangesTable {
  id: Generated<number>;
  organization_id: number;
  document: ColumnType<unknown, string, string>;
  base_version: number;
  quorum: number;
  status: Generated<'pending' | 'applied' | 'rejected' | 'revoked'>;
  proposed_by: number;
  created_at: CreatedAt;
  decided_at: NullableTimestamp;
}

export interface PolicyChangeVotesTable {
  change_id: number;
  user_id: number;
  result: number;
  comment: string | null;
  created_at: CreatedAt;
}

export interface RiskChangeVotesTable {
  change_id: number;
  user_id: number;
  result: number;
  comment: string | null;
  created_at: CreatedAt;
}

export interface EscrowSettingsTable {
  wallet_id: number;
  ip_whitelist: ColumnType<unknown, string | undefined, string>;
  timestamp_window_seconds: Generated<number>;
  limit_window_hours: Generated<number>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlatformApiNoncesTable {
  api_key_id: number;
  nonce: string;
  seen_at: CreatedAt;
}

export interface EscrowOrdersTable {
  id: Generated<number>;
  wallet_id: number;
  organization_id: number;
  api_key_id: number | null;
  api_key: string | null;
  ip: string | null;
  symbol: string | null;
  side: string | null;
  order_type: string | null;
  trade_category: number | null;
  amount: Numeric;
  price: Numeric;
  notional_usdt: Numeric;
  decision: 'pending' | 'accepted' | 'refused' | 'failed';
  code: string | null;
  rule: Json | null;
  exchange_order_id: string | null;
  created_at: CreatedAt;
}

export interface Database {
  address_book: AddressBookTable;
  task_approvals: TaskApprovalsTable;
  task_signatures: TaskSignaturesTable;
  phone_pairings: PhonePairingsTable;
  signer_addresses: SignerAddressesTable;
  signature_challenges: SignatureChallengesTable;
  wallets: WalletsTable;
  wallet_signers: WalletSignersTable;
  wallet_members: WalletMembersTable;
  wallet_tokens: WalletTokensTable;
  wallet_balances: WalletBalancesTable;
  exchange_accounts: ExchangeAccountsTable;
  exchange_checks: ExchangeChecksTable;
  risk_strategies: RiskStrategiesTable;
  risk_rules: RiskRulesTable;
  platform_api_keys: PlatformApiKeysTable;
  escrow_settings: EscrowSettingsTable;
  risk_changes: RiskChangesTable;
  risk_change_votes: RiskChangeVotesTable;
  transfer_policies: TransferPoliciesTable;
  policy_changes: PolicyChangesTable;
  policy_change_votes: PolicyChangeVotesTable;
  platform_api_nonces: PlatformApiNoncesTable;
  escrow_orders: EscrowOrdersTable;
  tasks: TasksTable;
  task_outputs: TaskOutputsTable;
  label_categories: LabelCategoriesTable;
  labels: LabelsTable;
  label_records: LabelRecordsTable;
  task_utxos: TaskUtxosTable;
  task_payload_versions: TaskPayloadVersionsTable;
  task_broadcasts: TaskBroadcastsTable;
  transfer_records: TransferRecordsTable;
  token_approvals: TokenApprovalsTable;
  wallet_recoveries: WalletRecoveriesTable;
  inheritance_plans: InheritancePlansTable;
  dapp_favorites: DappFavoritesTable;
  asset_snapshots: AssetSnapshotsTable;
  wallet_asset_days: WalletAssetDaysTable;
  space_asset_days: SpaceAssetDaysTable;
  prices: PricesTable;
  price_days: PriceDaysTable;
  chain_cursors: ChainCursorsTable;
  subscription_orders: SubscriptionOrdersTable;
  subscription_payments: SubscriptionPaymentsTable;
  subscription_card_events: SubscriptionCardEventsTable;
  job_leases: JobLeasesTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  notifications: NotificationsTable;
  fee_payers: FeePayersTable;
  payment_records: PaymentRecordsTable;
  schema_migrations: SchemaMigrationsTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  password_resets: PasswordResetsTable;
  invite_codes: InviteCodesTable;
  audit_log: AuditLogTable;
  audit_checkpoints: AuditCheckpointsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Organization = Selectable<OrganizationsTable>;
export type OrganizationMember = Selectable<OrganizationMembersTable>;
export type Notification = Selectable<NotificationsTable>;
export type SignerAddress = Selectable<SignerAddressesTable>;
export type Wallet = Selectable<WalletsTable>;
export type Task = Selectable<TasksTable>;
