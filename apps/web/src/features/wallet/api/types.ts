/** The wallets API's replies, as the contract declares them (GET /wallets, /wallets/base-info, …). */
import type { WalletMemberRole } from '@keystead/contract/api/wallet-replies';

export type {
  AssetLine,
  Chain,
  ChainList,
  Deployment,
  SignUser,
  SignUserList,
  WalletAssets,
  WalletBase,
  WalletDetail,
  WalletList,
  WalletListItem,
  WalletPerson,
} from '@keystead/contract/api/wallet-replies';
export type WalletRole = WalletMemberRole;
/** POST /fee/deploy-estimate. */
export type { DeployEstimate } from '@keystead/contract/api/progress';
export type { FeeTier } from '@keystead/contract/enums';
