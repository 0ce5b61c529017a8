import { z } from 'zod';
import { text } from './common';
import { feeTierField, gweiString } from './transfers';

/**
 * §1 Dapp connector, §7 /dapp/parse, /task/dapp-create, /task/dapp: what a Dapp (a Safe App in
 * the platform's frame, or a WalletConnect session) asks a Safe to do — contract calls — decoded
 * and simulated for the people who approve and sign it, and carried as a Dapp task (type 6)
 * through the one transfer lifecycle.
 */
const hexAddress = text()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR');

/** Calls per Dapp request: what one Safe transaction (one MultiSend) carries comfortably. */
export const DAPP_MAX_CALLS = 50;

export const dappCall = z.object({
  to: hexAddress,
  /** Native value in the smallest unit (wei), as a decimal string. */
  value: text()
    .regex(/^\d{1,78}$/, 'PARAMS_INVALID_ERROR')
    .default('0'),
  /** Call data, hex; "0x" for a plain payment. */
  data: text()
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'PARAMS_INVALID_ERROR')
    .max(100_002, 'PARAMS_INVALID_ERROR')
    .default('0x'),
});
export type DappCall = z.infer<typeof dappCall>;

const dappCalls = z
  .array(dappCall)
  .min(1, 'PARAMS_REQUIRED_ERROR')
  .max(DAPP_MAX_CALLS, 'PARAMS_INVALID_ERROR');

/** Who asks: the Dapp's name and the origin it runs from. */
export const dappOrigin = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(60, 'PARAMS_INVALID_ERROR'),
  url: text()
    .trim()
    .max(300, 'PARAMS_INVALID_ERROR')
    .regex(/^https?:\/\/[^\s]+$/, 'PARAMS_INVALID_ERROR'),
});

/**
 * POST /dapp/rpc: a Safe App's read of the chain (the SDK's rpcCall), passed to the wallet's node.
 * Only reads are taken (eth_call, eth_getBalance, eth_getLogs…; the chain family keeps the list).
 */
export const dappRpcBody = z.object({
  wallet_id: z.number().int().positive(),
  method: z.string().regex(/^eth_[A-Za-z]{3,40}$/, 'PARAMS_INVALID_ERROR'),
  params: z.array(z.unknown()).max(4, 'PARAMS_INVALID_ERROR'),
});

/** The node's result as JSON-RPC gave it. */
export const dappRpcReply = z.object({ result: z.unknown() });

/** POST /dapp/parse: the calls decoded against the wallet, each run alone from the wallet now. */
export const dappParseBody = z.object({ wallet_id: z.number().int().positive(), calls: dappCalls });

export const parsedDappCall = z.object({
  to: z.string(),
  /** The target holds code (a call with data to an ordinary account is refused at creation). */
  is_contract: z.boolean(),
  /** What the call does, decoded from its bytes: native payment, ERC-20 transfer/approve, or another call. */
  kind: z.enum(['native', 'erc20_transfer', 'erc20_approve', 'contract_call']),
  /** The function's signature where known, else its 4-byte selector; null for a plain payment. */
  method: z.string().nullable(),
  value: z.string(),
  value_raw: z.string(),
  token_contract: z.string().nullable(),
  token_symbol: z.string().nullable(),
  /** The ERC-20 recipient or spender. */
  recipient: z.string().nullable(),
  /** The ERC-20 amount in token units (null when the decimals are unknown). */
  amount: z.string().nullable(),
  amount_raw: z.string().nullable(),
  /** Why the call reverts when run alone from the wallet now; null when it succeeds. */
  simulation_error: z.string().nullable(),
});
export type ParsedDappCall = z.infer<typeof parsedDappCall>;

export const dappParseReply = z.object({
  native_symbol: z.string(),
  calls: z.array(parsedDappCall),
});
export type DappParse = z.infer<typeof dappParseReply>;

/** POST /task/dapp-create: a Dapp task (type 6) carrying the calls; replies with the task. */
export const dappCreateBody = z.object({
  wallet_id: z.number().int().positive(),
  dapp: dappOrigin,
  calls: dappCalls,
  fee_tier: feeTierField.default('standard'),
  custom_fee_gwei: gweiString.optional(),
  remark: text().trim().max(200).optional(),
});

/** Longest personal message (characters, or hex digits of raw bytes) and typed data (JSON characters). */
export const DAPP_MESSAGE_MAX = 20_000;

const typedData = z
  .object({
    domain: z.record(z.string(), z.unknown()),
    types: z.record(z.string(), z.array(z.object({ name: text().max(100), type: text().max(100) })).max(100)),
    primaryType: text().min(1, 'PARAMS_REQUIRED_ERROR').max(100, 'PARAMS_INVALID_ERROR'),
    message: z.record(z.string(), z.unknown()),
  })
  .refine((value) => JSON.stringify(value).length <= DAPP_MESSAGE_MAX, 'PARAMS_INVALID_ERROR');

/**
 * A message a Dapp asks the Safe to sign: EIP-191 personal text (Safe Apps signMessage), raw
 * bytes as hex (WalletConnect personal_sign), or EIP-712 typed data (signTypedMessage,
 * eth_signTypedData_v4).
 */
export const dappMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('personal'),
    text: text().min(1, 'PARAMS_REQUIRED_ERROR').max(DAPP_MESSAGE_MAX, 'PARAMS_INVALID_ERROR').optional(),
    raw: z
      .string()
      .regex(/^0x([0-9a-fA-F]{2})+$/, 'PARAMS_INVALID_ERROR')
      .max(DAPP_MESSAGE_MAX, 'PARAMS_INVALID_ERROR')
      .optional(),
  }),
  z.object({ kind: z.literal('typed'), typed_data: typedData }),
]);
export type DappMessage = z.infer<typeof dappMessage>;

/**
 * POST /task/dapp-message: a Dapp task (type 6) asking the Safe's owners to sign a message
 * (EIP-1271 through the Safe's fallback handler); done at the signing threshold, nothing broadcast.
 */
export const dappMessageBody = z.object({
  wallet_id: z.number().int().positive(),
  dapp: dappOrigin,
  message: dappMessage,
  remark: text().trim().max(200).optional(),
});

/** What signers review of a Safe message, and the hashes a hardware wallet shows. */
export const safeMessageReview = z.object({
  chain_id: z.number(),
  safe_address: z.string(),
  kind: z.enum(['personal', 'typed']),
  /** Personal text as sent, or null. */
  text: z.string().nullable(),
  /** Personal raw bytes (hex) as sent, or null. */
  raw: z.string().nullable(),
  /** Typed data as JSON text, or null. */
  typed_data: z.string().nullable(),
  /** The EIP-191 / EIP-712 hash the Dapp verifies (isValidSignature's bytes32). */
  message_hash: z.string(),
  /** What each owner signs: the SafeMessage's EIP-712 hash, from its domain and struct hashes. */
  safe_message_hash: z.string(),
  domain_hash: z.string(),
  struct_hash: z.string(),
});
export type SafeMessageReviewReply = z.infer<typeof safeMessageReview>;

/**
 * GET /task/dapp: a Dapp task by its id, or by its wallet and safeTxHash (a Safe App asking
 * getTxBySafeTxHash / getOffChainSignature for a request made from another page).
 */
export const dappTaskQuery = z.object({
  task_id: z.coerce.number().int().positive().optional(),
  wallet_id: z.coerce.number().int().positive().optional(),
  safe_tx_hash: text()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'PARAMS_INVALID_ERROR')
    .optional(),
});

/** GET /task/dapp?task_id: what the Dapp asked and where it stands (the Dapp frame polls it for its result). */
export const dappTaskReply = z.object({
  task_id: z.number(),
  status: z.number(),
  dapp: dappOrigin,
  /** A message task has no calls. */
  calls: z.array(parsedDappCall),
  safe_tx_hash: z.string().nullable(),
  /** The executing transaction, once broadcast. */
  tx_hash: z.string().nullable(),
  /** A message task: the message. */
  message: safeMessageReview.nullable(),
  /** A message task once signed to its threshold: the Safe's signature (owners' signatures joined). */
  signature: z.string().nullable(),
});
export type DappTaskInfo = z.infer<typeof dappTaskReply>;

/** §3 Dapp types of the catalogue: GET /dapp/type names them in the request's language. */
export const DAPP_TYPES = ['dex', 'lending', 'staking', 'bridge', 'tools'] as const;
export const dappType = z.enum(DAPP_TYPES);

export const dappTypesReply = z.object({ list: z.array(z.object({ type: dappType, name: z.string() })) });

/** GET /dapp: the catalogue for one of the space's chains (or all), favourites first. */
export const dappListQuery = z.object({
  type: dappType.optional(),
  chain_key: text().trim().max(40).optional(),
  favorite: z.enum(['true', 'false']).optional(),
});

export const dappItem = z.object({
  dapp_id: z.number(),
  name: z.string(),
  url: z.string(),
  type: dappType,
  /** One sentence in the request's language. */
  description: z.string(),
  /** The chains (keys) it serves. */
  chain_keys: z.array(z.string()),
  is_favorite: z.boolean(),
});
export type DappItem = z.infer<typeof dappItem>;
export const dappListReply = z.object({ list: z.array(dappItem) });

/** POST /dapp/favorite (§7: dapp_id, is_favorite). */
export const dappFavoriteBody = z.object({ dapp_id: z.number().int().positive(), is_favorite: z.boolean() });
export const dappFavoriteReply = z.object({ dapp_id: z.number(), is_favorite: z.boolean() });
