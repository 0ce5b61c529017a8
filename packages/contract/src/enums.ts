/**
 * Enumerations of spec §3 (and §6/§7 lists). Each is an `as const` object plus a type of its
 * values. The §4 state machines live in states.ts and are re-exported here.
 */
export * from './states';

type ValueOf<T> = T[keyof T];

/** Space (organization) roles (§3, §6). */
export const SpaceRole = { Member: 0, Creator: 1, Admin: 2, User: 7 } as const;
export type SpaceRole = ValueOf<typeof SpaceRole>;

/** The user-role enum of §3; Super shares the value of Creator. */
export const UserRole = { Super: 1, Admin: 2, User: 7 } as const;
export type UserRole = ValueOf<typeof UserRole>;

/** Admin and Super (= Creator) are privileged (§6). */
export function isPrivilegedRole(role: number | null | undefined): boolean {
  return role === SpaceRole.Creator || role === SpaceRole.Admin;
}

export const MemberStatus = {
  Joined: 'joined',
  Pending: 'pending',
  Expired: 'expired',
  Blocked: 'blocked',
} as const;
export type MemberStatus = ValueOf<typeof MemberStatus>;

/** Per-member wallet permissions (§3 Member). */
export const MEMBER_PERMISSIONS = ['view', 'operate', 'approve', 'sign'] as const;
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** Per-wallet roles (§6). */
export const WALLET_ROLES = [
  'operator',
  'approver',
  'signer',
  'viewer',
  'broadcaster',
  'risk_control',
  'admin',
] as const;
export type WalletRole = (typeof WALLET_ROLES)[number];

export const RiskTag = {
  LongInactive: 1,
  DeviceChange: 2,
  LongTermUnapproved: 3,
  LongTermUnsigned: 4,
  NewDeviceLogin: 5,
  FrequentDeviceChange: 6,
} as const;
export type RiskTag = ValueOf<typeof RiskTag>;

export const SignType = { Multi: 1, Single: 2, Exchange: 3 } as const;
export type SignType = ValueOf<typeof SignType>;

/** Who broadcasts (§3). EVM has no automatic mode. */
export const BroadcastScope = { Automatic: 1, Operator: 2, Everyone: 3, Signer: 4 } as const;
export type BroadcastScope = ValueOf<typeof BroadcastScope>;

export const TransactionType = {
  Single: 1,
  ColdToHot: 2,
  Deploy: 3,
  Batch: 4,
  PreSigned: 5,
  DappTask: 6,
} as const;
export type TransactionType = ValueOf<typeof TransactionType>;

export const TaskType = {
  Transfer: 1,
  WalletCreation: 3,
  Batch: 4,
  PreSigned: 5,
  ContractInteraction: 6,
  SubscriptionUpgrade: 7,
} as const;
export type TaskType = ValueOf<typeof TaskType>;

export const TransferKind = { Normal: 1, Batch: 2, PreSign: 3 } as const;
export type TransferKind = ValueOf<typeof TransferKind>;

export const TRANSFER_TYPE_NAMES = [
  'normal_transfer',
  'batch_transfer',
  'pre_signature_transfer',
  'defi',
] as const;
export type TransferTypeName = (typeof TRANSFER_TYPE_NAMES)[number];

export const AddressTagType = {
  OrgWallet: -2,
  AddressBook: -1,
  Black: 1,
  Exchange: 2,
  New: 6,
  FirstTransfer: 20,
  SimilarAddress: 21,
} as const;
export type AddressTagType = ValueOf<typeof AddressTagType>;

export const ChainFamily = { EVM: 'EVM', TRX: 'TRX', BTC: 'BTC', SOL: 'SOL' } as const;
export type ChainFamily = ValueOf<typeof ChainFamily>;

export const NetworkKind = { Mainnet: 'mainnet', Testnet: 'testnet' } as const;
export type NetworkKind = ValueOf<typeof NetworkKind>;
/** The numeric form of the network (§3: 1 mainnet, -1 testnet). */
export const NetworkCode = { Mainnet: 1, Testnet: -1 } as const;
export type NetworkCode = ValueOf<typeof NetworkCode>;

export const StepKind = { Sign: 'sign', Broadcast: 'broadcast' } as const;
export type StepKind = ValueOf<typeof StepKind>;

/** Direction of a transfer record (§3: "transfer records give 1 in, 2 out"). */
export const TransferDirection = { In: 1, Out: 2 } as const;
export type TransferDirection = ValueOf<typeof TransferDirection>;

export const ProfitLoss = { Profit: 1, Loss: 2 } as const;
export type ProfitLoss = ValueOf<typeof ProfitLoss>;

export const AmountTrend = {
  Decrease: 'decrease',
  Increase: 'increase',
  Invariability: 'invariability',
} as const;
export type AmountTrend = ValueOf<typeof AmountTrend>;

/** Fee tiers (§3, §9); standard is the recommended default. */
export const FEE_TIERS = ['slow', 'standard', 'fast', 'custom'] as const;
export type FeeTier = (typeof FEE_TIERS)[number];
export const DEFAULT_FEE_TIER: FeeTier = 'standard';
export const FEE_SPEEDS = ['slow', 'standard', 'fast'] as const;
export type FeeSpeed = (typeof FEE_SPEEDS)[number];

export const OrgKind = { Company: 1, Family: 2 } as const;
export type OrgKind = ValueOf<typeof OrgKind>;

export const ProductKind = { MultiWallet: 1, KeyvaultBusiness: 2, KeyvaultFamily: 3 } as const;
export type ProductKind = ValueOf<typeof ProductKind>;

/** Space type (§3): 1 and 2 are trial (testnet only), 3 and 4 full. The spec does not name the pairs. */
export const SpaceType = { Trial: 1, TrialAlternate: 2, Full: 3, FullAlternate: 4 } as const;
export type SpaceType = ValueOf<typeof SpaceType>;
export const TRIAL_SPACE_TYPES: readonly SpaceType[] = [SpaceType.Trial, SpaceType.TrialAlternate];
export function isTrialSpace(type: number): boolean {
  return type === SpaceType.Trial || type === SpaceType.TrialAlternate;
}

export const PLAN_NAMES = ['free', 'plus', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
/** The coarse plan enum of §3 (free or VIP). */
export const PlanTier = { Free: 'free', Vip: 'vip' } as const;
export type PlanTier = ValueOf<typeof PlanTier>;

export const ExpiryState = {
  AboutToExpire: 'about_to_expire',
  Expired: 'expired',
  Unexpired: 'unexpired',
} as const;
export type ExpiryState = ValueOf<typeof ExpiryState>;

/** Exchange API key types (§3). */
export const ApiKeyType = { Observation: 1, Trading: 2, Custody: 3 } as const;
export type ApiKeyType = ValueOf<typeof ApiKeyType>;

export const EXCHANGE_ACCOUNT_MODES = ['unified', 'classic'] as const;
export type ExchangeAccountMode = (typeof EXCHANGE_ACCOUNT_MODES)[number];

export const EXCHANGE_ACCOUNT_TYPES = [
  'spot',
  'funding',
  'cross',
  'future',
  'delivery',
  'option',
  'margin',
  'savings',
] as const;
export type ExchangeAccountType = (typeof EXCHANGE_ACCOUNT_TYPES)[number];

/** Risk-control trade categories (§3). */
export const RiskTradeCategory = {
  LimitPrice: 1,
  Perpetual: 2,
  Delivery: 3,
  Leverage: 4,
  Options: 5,
  UsdtMarginRatio: 6,
  CoinMarginRatio: 7,
  MarketPrice: 8,
  DerivativesMarket: 9,
  DerivativesPerpetual: 10,
  DerivativesOptions: 11,
  // 12-18: unified-account variants (the spec does not name them one by one).
  Unified12: 12,
  Unified13: 13,
  Unified14: 14,
  Unified15: 15,
  Unified16: 16,
  Unified17: 17,
  Unified18: 18,
  ClassicCoinContract: 19,
  Others: 100,
} as const;
export type RiskTradeCategory = ValueOf<typeof RiskTradeCategory>;
export const PERPETUAL_TRADE_CATEGORIES: readonly RiskTradeCategory[] = [2, 13, 16, 19];

export const FamilyAddressType = { Inheritance: 3, Common: 4, Backup: 5 } as const;
export type FamilyAddressType = ValueOf<typeof FamilyAddressType>;

export const TOKEN_APPROVAL_STATUSES = ['approve', 'approve_cancel'] as const;
export type TokenApprovalStatus = (typeof TOKEN_APPROVAL_STATUSES)[number];

export const EXCHANGE_PURCHASE_STATUSES = [
  'pending',
  'success',
  'settled',
  'failed',
  'refunding',
  'refund_success',
  'settling',
] as const;
export type ExchangePurchaseStatus = (typeof EXCHANGE_PURCHASE_STATUSES)[number];

/** Feature flags in an organization's feature_list (§6). */
export const FEATURE_FLAGS = [
  'testnet',
  'approve_mfa',
  'dapp',
  'payment',
  'keyvault_pro',
  'keyvault_family',
  'vip',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const TRANSFER_LIST_TABS = ['todo', 'all', 'pre_signed'] as const;
export type TransferListTab = (typeof TRANSFER_LIST_TABS)[number];

/** E-mail code categories a user may ask to be sent (§7 send-code purposes). */
export const SEND_CODE_CATEGORIES = [
  'bind_mfa',
  'forget_password',
  'login',
  'register',
  'org_user',
  'invite_register',
  'reset_mfa',
  'reset_password',
  'open_white_list',
  'pre_sign_broadcast',
  'edit_email',
  'edit_new_email',
  'approve',
  'edit_anti_fishing',
  'risk_control',
  'exchange_api_key',
  'wallet_delete',
  'exchange_settings',
  'address_book_delete',
  'permission_address_delete',
  'address_book_add',
  'payment_open',
  'payment_close',
  'payment_bind',
  'payment_unbind',
  'payment_add',
  'payment_refund',
  'wallet_archive',
  'address_bind',
  'family_succession',
] as const;
export type SendCodeCategory = (typeof SEND_CODE_CATEGORIES)[number];

type NotVerified = 'register' | 'invite_register' | 'edit_anti_fishing';
/** Categories a code is verified for (§7): the send list minus three, plus payment_settings. */
export type VerifyCodeCategory = Exclude<SendCodeCategory, NotVerified> | 'payment_settings';
const NOT_VERIFIED: readonly string[] = [
  'register',
  'invite_register',
  'edit_anti_fishing',
] satisfies NotVerified[];
export const VERIFY_CODE_CATEGORIES: readonly VerifyCodeCategory[] = [
  ...SEND_CODE_CATEGORIES.filter(
    (category): category is Exclude<SendCodeCategory, NotVerified> => !NOT_VERIFIED.includes(category),
  ),
  'payment_settings',
];
