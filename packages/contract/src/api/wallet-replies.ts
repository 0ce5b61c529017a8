import { z } from 'zod';
import { hexString, isoTime, listOf, pageOf } from './reply';

/** Replies of the wallet and signer calls (§3 Wallet, Wallet list item, Wallet asset info, Signer address). */

/** GET /chain-list: the chains this server can use. */
export const chainReply = z.object({
  chain_id: z.string(),
  name: z.string(),
  family: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  testnet: z.boolean(),
  devnet: z.boolean(),
  /** Block-explorer URL templates with {hash} / {address}; null when there is none. */
  explorer: z.object({ tx: z.string(), address: z.string() }).nullable(),
});
export type Chain = z.infer<typeof chainReply>;
export const chainListReply = listOf(chainReply);
export type ChainList = z.infer<typeof chainListReply>;

export const WALLET_MEMBER_ROLES = ['operator', 'approver', 'viewer', 'risk_control', 'broadcaster'] as const;
export const walletMemberRole = z.enum(WALLET_MEMBER_ROLES);
export type WalletMemberRole = z.infer<typeof walletMemberRole>;

/** Bitcoin family: the wallet's output descriptors (receive 0/*, change 1/*); null on other wallets. */
export const walletDescriptorsReply = z.object({ receive: z.string(), change: z.string().nullable() });

/** The wallet fields every wallet reply starts with. */
export const walletBaseReply = z.object({
  wallet_id: z.number(),
  organization_id: z.number(),
  chain_id: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  address: z.string().nullable(),
  address_short: z.string().nullable(),
  /** 1 multi, 2 single, 3 exchange. */
  sign_type: z.number(),
  /** §4 Wallet status: 1 normal, 3 initializing, 8 deploy pending, 10 archived, 11 awaiting verification… */
  status: z.number(),
  threshold: z.number(),
  approval_threshold: z.number(),
  /** 1 automatic, 2 operator, 3 everyone, 4 signer. */
  broadcast_scope: z.number(),
  is_open_white_list: z.boolean(),
  is_open_asset_tag: z.boolean(),
  /** The wallet's Dapp switch (never on with the whitelist). */
  is_open_dapp: z.boolean(),
  deploy_tx_hash: z.string().nullable(),
  descriptor: walletDescriptorsReply.nullable(),
  /** Solana: the Squads multisig holding the wallet's configuration, and the space's fee payer that pays for it. */
  squads: z.object({ multisig: z.string(), fee_payer: z.string() }).nullable().optional(),
  /** Family spaces: 3 inheritance, 4 common, 5 backup/shared; null in company spaces. */
  family_address_type: z.number().nullable(),
  /** Bitcoin family: blocks after which the emergency recovery key alone may spend a coin; null without that path. */
  recovery_blocks: z.number().int().nullable(),
  ctime: isoTime,
});
export type WalletBase = z.infer<typeof walletBaseReply>;

/** One row of GET /wallets (amounts in USD from the balance cache). */
export const walletListItemReply = walletBaseReply.extend({
  enable_status: z.boolean(),
  permission_num: z.number(),
  amount: z.string(),
  lock_amount: z.string(),
  available_amount: z.string(),
  /** The user's roles on the wallet. */
  roles: z.array(walletMemberRole),
  is_operator: z.boolean(),
  is_single_wallet_signer: z.boolean(),
  task_id: z.number().nullable(),
});
export type WalletListItem = z.infer<typeof walletListItemReply>;
/** GET /wallets: totals in USD and in the user's currency. */
export const walletListReply = pageOf(walletListItemReply).extend({
  total_amount: z.string(),
  currency: z.string(),
  user_currency: z.string(),
  total_in_user_currency: z.string(),
});
export type WalletList = z.infer<typeof walletListReply>;

export const walletPersonReply = z.object({ user_id: z.number(), nickname: z.string(), email: z.string() });
export type WalletPerson = z.infer<typeof walletPersonReply>;
/** GET /wallets/base-info: configuration, signers and roles. */
export const walletDetailReply = walletBaseReply.extend({
  signers: z.array(walletPersonReply.extend({ address: z.string(), weight: z.number() })),
  operators: z.array(walletPersonReply),
  approvers: z.array(walletPersonReply),
  viewers: z.array(walletPersonReply),
  risk_control_users: z.array(walletPersonReply),
  broadcasters: z.array(walletPersonReply),
  my_roles: z.array(walletMemberRole),
  is_signer: z.boolean(),
});
export type WalletDetail = z.infer<typeof walletDetailReply>;

/** One token of GET /wallets/asset-info. */
export const assetLineReply = z.object({
  symbol: z.string(),
  contract_address: z.string().nullable(),
  decimals: z.number(),
  /** Exact amount in the token's units. */
  amount: z.string(),
  /** Shown amount: rounded to 2 decimals (§3). */
  amount_display: z.string(),
  /** USD price; null when unknown. */
  price: z.string().nullable(),
  value: z.string(),
  proportion: z.string(),
  custom: z.boolean(),
  /** What active transfers lock of this token, and the rest (token units). */
  lock_amount: z.string(),
  available_amount: z.string(),
});
export type AssetLine = z.infer<typeof assetLineReply>;
export const walletAssetsReply = z.object({
  amount: z.string(),
  available_amount: z.string(),
  lock_amount: z.string(),
  detail: z.array(assetLineReply),
  update_time: isoTime.nullable(),
  currency: z.string(),
});
export type WalletAssets = z.infer<typeof walletAssetsReply>;

/** GET /wallets/address: the deposit address and its QR code (data URL). */
export const depositAddressReply = z.object({
  address: z.string(),
  chain_id: z.string(),
  qr_code: z.string().nullable(),
  deployed: z.boolean(),
});
export type DepositAddress = z.infer<typeof depositAddressReply>;

/** The Safe deployment transaction a signer's wallet sends. */
export const deploymentReply = z.object({ to: hexString, data: hexString });
/** POST /wallets/multi: the wallet (initializing) and its deployment. */
/** POST /wallets/multi: the deployment a signer sends before use, or null when the family needs none. */
export const createMultiWalletReply = walletBaseReply.extend({ deployment: deploymentReply.nullable() });
export type CreateMultiWalletReply = z.infer<typeof createMultiWalletReply>;
/** POST /task/wallet-init: the wallet's initialization task and the transaction to send. */
export const walletDeploymentReply = deploymentReply.extend({
  task_id: z.number(),
  task_status: z.number(),
  predicted_address: z.string(),
});
export type Deployment = z.infer<typeof walletDeploymentReply>;
/** A wallet's status after a step (deployment reported, import verified, archive). */
export const walletStatusReply = z.object({ status: z.number() });
export type WalletStatusReply = z.infer<typeof walletStatusReply>;

/** A one-time message to sign with an address. */
export const walletChallengeReply = z.object({ challenge_id: z.number(), message: z.string() });
export type WalletChallenge = z.infer<typeof walletChallengeReply>;
/** POST /wallets/single: the wallet (awaiting verification) and the message to sign. */
export const importSingleWalletReply = walletBaseReply.extend(walletChallengeReply.shape);
export type ImportSingleWalletReply = z.infer<typeof importSingleWalletReply>;

/** PUT /wallets/open-whitelist, /wallets/open-asset-tag. */
export const walletSwitchReply = z.object({ open: z.boolean() });
export type WalletSwitchReply = z.infer<typeof walletSwitchReply>;
export const walletNameReply = z.object({ name: z.string() });
export type WalletNameReply = z.infer<typeof walletNameReply>;
/** POST /wallets/custom-token: the token as read from its contract. */
export const customTokenReply = z.object({
  contract: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  name: z.string(),
});
export type CustomTokenReply = z.infer<typeof customTokenReply>;

/* Bitcoin-family wallets. */

/** A signer's extended public key with where it sits in the signer's own key tree. */
export const signerKeyReply = z.object({ fingerprint: z.string(), path: z.string(), xpub: z.string() });
export type SignerKey = z.infer<typeof signerKeyReply>;

/** GET /wallets/bitcoin/descriptor: descriptors, keys and Bitcoin Core's importdescriptors list. */
export const descriptorExportReply = z.object({
  chain_id: z.string(),
  threshold: z.number(),
  keys: z.array(signerKeyReply),
  /** The emergency recovery key and its delay in blocks, where the wallet has that path. */
  recovery: z
    .object({ xpub: z.string(), fingerprint: z.string(), path: z.string(), blocks: z.number().int() })
    .nullable()
    .optional(),
  descriptor: walletDescriptorsReply.nullable(),
  import_descriptors: z.array(
    z.object({
      desc: z.string().nullable(),
      active: z.boolean(),
      internal: z.boolean(),
      range: z.tuple([z.number(), z.number()]),
      timestamp: z.number(),
    }),
  ),
});
export type DescriptorExport = z.infer<typeof descriptorExportReply>;
/** POST /wallets/bitcoin/address: a new receive address and its index. */
export const receiveAddressReply = z.object({ address: z.string(), index: z.number(), path: z.string() });
export type ReceiveAddress = z.infer<typeof receiveAddressReply>;

/** One unspent output of a Bitcoin-family wallet, and the task that locks it. */
export const walletUtxoReply = z.object({
  outpoint: z.string(),
  txid: z.string(),
  vout: z.number(),
  value: z.string(),
  value_sat: z.string(),
  address: z.string(),
  branch: z.number(),
  index: z.number(),
  confirmations: z.number(),
  locked: z.boolean(),
  task_id: z.number().nullable(),
});
export type WalletUtxo = z.infer<typeof walletUtxoReply>;
/** GET /wallets/utxos. */
export const walletUtxosReply = z.object({
  symbol: z.string(),
  balance: z.string(),
  balance_sat: z.string(),
  locked_sat: z.string(),
  available_sat: z.string(),
  list: z.array(walletUtxoReply),
});
export type WalletUtxos = z.infer<typeof walletUtxosReply>;

const scriptType = z.enum(['p2wsh', 'p2sh']);
/** POST /wallets/bitcoin/check: a parsed descriptor or signer key (nothing is stored). */
export const bitcoinCheckReply = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('descriptor'),
    script_type: scriptType,
    wrapper: z.enum(['wsh', 'sh', 'sh-wsh', 'bare']),
    threshold: z.number(),
    signer_count: z.number(),
    keys: z.array(signerKeyReply),
    descriptor: z.object({ receive: z.string(), change: z.string() }),
    first_address: z.string(),
  }),
  z.object({ kind: z.literal('key'), script_type: scriptType, key: signerKeyReply }),
]);
export type BitcoinCheckReply = z.infer<typeof bitcoinCheckReply>;

/* Signer addresses (§3). */

export const signerFamilyName = z.enum(['EVM', 'BTC', 'TRX', 'SOL', 'XRP']);
/** 0 pending verification, 1 verified, 2 pending deletion. */
export const signerStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One signer address of GET /permission-address, with the wallets it signs for. */
export const signerAddressReply = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  family: signerFamilyName,
  description: z.string().nullable(),
  source: z.string(),
  status: signerStatus,
  public_key: z.string().nullable(),
  path: z.string().nullable(),
  /** Bitcoin-family keys: the chain of the xpub and the master fingerprint. */
  chain_key: z.string().nullable(),
  fingerprint: z.string().nullable(),
  created_at: isoTime,
  verified_at: isoTime.nullable(),
  linked_wallets: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      chain_key: z.string(),
      sign_type: z.number(),
      status: z.number(),
      organization_id: z.number(),
    }),
  ),
});
export type SignerAddress = z.infer<typeof signerAddressReply>;
export const signerAddressListReply = listOf(signerAddressReply);
export type SignerAddressList = z.infer<typeof signerAddressListReply>;

/** POST /permission-address. */
export const addSignerReply = z.object({ id: z.number(), address: z.string(), status: signerStatus });
export type AddSignerReply = z.infer<typeof addSignerReply>;
/** POST /permission-address/bitcoin. */
export const addSignerKeyReply = addSignerReply.extend({
  fingerprint: z.string(),
  path: z.string(),
  chain_key: z.string(),
});
export type AddSignerKeyReply = z.infer<typeof addSignerKeyReply>;
/** GET /permission-address/challenge. */
export const signerChallengeReply = walletChallengeReply.extend({ expires_at: isoTime });
export type SignerChallenge = z.infer<typeof signerChallengeReply>;
/** POST /permission-address/verify, /permission-address/bitcoin/verify. */
export const verifySignerReply = z.object({ id: z.number(), status: signerStatus });
export type VerifySignerReply = z.infer<typeof verifySignerReply>;
/** DELETE /permission-address: gone, or kept until no live wallet uses it. */
export const deleteSignerReply = z.object({ result: z.enum(['deleted', 'pending_deletion']) });
export type DeleteSignerReply = z.infer<typeof deleteSignerReply>;

/** GET /permission-address/wallet-sign-user: verified signer addresses of the space's members. */
export const signUserReply = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  family: signerFamilyName,
  user_id: z.number(),
  nickname: z.string(),
  email: z.string(),
});
export type SignUser = z.infer<typeof signUserReply>;
export const signUserListReply = listOf(signUserReply);
export type SignUserList = z.infer<typeof signUserListReply>;

/* Development-only calls (not registered in production). */

/** POST /dev/faucet: the funding transactions sent. */
export const faucetReply = z.object({ ethTx: hexString.optional(), usdtTx: hexString.optional() });
export type FaucetReply = z.infer<typeof faucetReply>;
/** POST /dev/devnet-send. */
export const devnetSendReply = z.object({ tx_hash: hexString });
export type DevnetSendReply = z.infer<typeof devnetSendReply>;
/** POST /dev/utxo-faucet: the funding transaction and the block mined on it. */
export const utxoFaucetReply = z.object({ txid: z.string(), block: z.string() });
export type UtxoFaucetReply = z.infer<typeof utxoFaucetReply>;
/** GET /dev/utxo-devnet-keys. */
export const devnetKeyListReply = listOf(signerKeyReply.extend({ index: z.number() }));
export type DevnetKeyList = z.infer<typeof devnetKeyListReply>;
/** POST /dev/utxo-devnet-sign. */
export const devnetSignReply = z.object({ psbt: z.string() });
export type DevnetSignReply = z.infer<typeof devnetSignReply>;
/** POST /dev/utxo-devnet-sign-message: a BIP-137 signature (base64). */
export const devnetSignMessageReply = z.object({ signature: z.string() });
export type DevnetSignMessageReply = z.infer<typeof devnetSignMessageReply>;
