import { z } from 'zod';
import { pageQuery, text } from './common';
import { TIMELOCK_RECOVERY_BLOCKS } from '../limits';

/**
 * §3 family wallet address types (family spaces only): 3 an inheritance wallet (kept for the
 * heirs), 4 a common wallet (the household's everyday money, the default), 5 a backup/shared one.
 */
export const familyAddressTypeField = z.union([z.literal(3), z.literal(4), z.literal(5)], {
  error: 'PARAMS_INVALID_ERROR',
});

/** §3 Signer address, Wallet, Wallet list item, Custom token; §7 wallet and signer calls. */
/** Families whose signer key is one address for all their chains (EVM owners, Tron addresses). */
export const signerFamily = z.enum(['EVM', 'TRX', 'XRP', 'SOL']);

export const addSignerBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  address: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  family: signerFamily.default('EVM'),
  description: text().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
  source: z
    .enum(['browser', 'devnet', 'ledger', 'trezor', 'onekey', 'walletconnect', 'qr', 'mobile'])
    .default('browser'),
  /** The key's derivation path on a hardware or QR signer (m/44'/60'/…), to find it there again. */
  path: text()
    .regex(/^m(\/\d{1,10}'?){1,8}$/, 'PARAMS_INVALID_ERROR')
    .optional(),
});
export const signerIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const verifySignerBody = z.object({
  id: z.number().int().positive(),
  challenge_id: z.number().int().positive(),
  signature: text().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(2000),
});
export const deleteSignerBody = z.object({
  id: z.number().int().positive(),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
});

const userIdList = z.array(z.number().int().positive()).max(50);

export const timelockRecoveryField = z.object({
  xpub: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(200, 'SIGNER_KEY_INVALID_ERROR'),
  fingerprint: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(16, 'SIGNER_KEY_INVALID_ERROR'),
  path: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(100, 'SIGNER_KEY_INVALID_ERROR'),
  blocks: z
    .number()
    .int('PARAMS_INVALID_ERROR')
    .min(TIMELOCK_RECOVERY_BLOCKS.min, 'PARAMS_INVALID_ERROR')
    .max(TIMELOCK_RECOVERY_BLOCKS.max, 'PARAMS_INVALID_ERROR'),
});

export const createMultiWalletBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  remark: text().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
  chain_key: text().min(1).max(40),
  /** Verified signer addresses (ids) of space members. */
  signers: z
    .array(z.number().int().positive())
    .min(2, 'THRESHOLD_MISMATCH_ERROR')
    .max(16, 'LIMIT_SIGNERS_ERROR'),
  threshold: z.number().int().min(2, 'THRESHOLD_MISMATCH_ERROR'),
  /** Weighted families (Tron): each signer's weight, in the order of `signers`; the threshold is a weight. */
  weights: z
    .array(z.number().int().min(1, 'PARAMS_INVALID_ERROR').max(100, 'PARAMS_INVALID_ERROR'))
    .max(16)
    .optional(),
  /** Tron: the account the signers take over (its first key is in one signer's own wallet). */
  account_address: text().trim().max(64).optional(),
  approvers: userIdList.default([]),
  approval_threshold: z.number().int().min(0).default(0),
  operators: userIdList.min(1, 'WALLET_OPERATOR_REQUIRED_ERROR'),
  viewers: userIdList.default([]),
  risk_control_users: userIdList.default([]),
  broadcasters: userIdList.default([]),
  /** 2 operator/initiator, 3 everyone, 4 signer (EVM has no automatic mode). */
  broadcast_scope: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(3),
  /** Family spaces: what the wallet is for (default 4 common); refused in company spaces. */
  family_address_type: familyAddressTypeField.optional(),
  /**
   * Bitcoin family on segwit chains: an emergency key (a member's verified xpub, or a backup key
   * kept offline) that alone may spend a coin once it is `blocks` old. Part of every address.
   */
  recovery: timelockRecoveryField.optional(),
});

export const walletIdQuery = z.object({ wallet_id: z.coerce.number().int().positive() });
export const walletIdBody = z.object({ wallet_id: z.number().int().positive() });
export const deployReportBody = z.object({
  wallet_id: z.number().int().positive(),
  tx_hash: text().regex(/^0x[0-9a-fA-F]{64}$/, 'PARAMS_INVALID_ERROR'),
});

export const importSingleBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  family_address_type: familyAddressTypeField.optional(),
  chain_key: text().min(1).max(40),
  address: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120),
  remark: text().trim().max(99, 'PARAMS_INVALID_ERROR').optional(),
});
export const verifyWalletBody = z.object({
  wallet_id: z.number().int().positive(),
  challenge_id: z.number().int().positive(),
  signature: text().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(2000),
});

export const walletListQuery = pageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(100),
  sign_type: z.coerce.number().int().min(1).max(3).optional(),
  chain_key: text().max(40).optional(),
  keyword: text().trim().max(50).optional(),
  /** true: the archive (admins only): archived wallets instead of live ones. */
  archived: z.enum(['true', 'false']).default('false'),
});

export const walletRoleBody = z.object({ wallet_id: z.number().int().positive(), user_ids: userIdList });
export const walletApproverBody = z.object({
  wallet_id: z.number().int().positive(),
  user_ids: userIdList,
  approval_threshold: z.number().int().min(0),
});
/**
 * POST /wallets/multi-permission: several wallet roles in one change (each list given replaces
 * that role's holders; a list left out stays as it is). The approval threshold goes with approvers.
 */
export const walletPermissionsBody = z.object({
  wallet_id: z.number().int().positive(),
  operators: userIdList.optional(),
  approvers: userIdList.optional(),
  approval_threshold: z.number().int().min(0).optional(),
  viewers: userIdList.optional(),
  risk_control_users: userIdList.optional(),
  broadcasters: userIdList.optional(),
});
export const walletSwitchBody = z.object({ wallet_id: z.number().int().positive(), open: z.boolean() });
export const walletNameBody = z.object({
  wallet_id: z.number().int().positive(),
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  remark: text().trim().max(99).optional(),
  family_address_type: familyAddressTypeField.optional(),
});
export const archiveWalletBody = z.object({
  wallet_id: z.number().int().positive(),
  name: text(),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
});
export const customTokenBody = z.object({
  wallet_id: z.number().int().positive(),
  contract: text().trim().min(1).max(120),
  symbol: text().trim().max(20).optional(),
  decimals: z.number().int().min(0).max(36).optional(),
});
export const faucetBody = z.object({
  address: text().trim().min(1).max(120),
  eth: text()
    .regex(/^\d+(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR')
    .optional(),
  usdt: text()
    .regex(/^\d+(\.\d{1,6})?$/, 'PARAMS_INVALID_ERROR')
    .optional(),
});
