/**
 * §7 calls that report progress and look things up: a task's steps and broadcast attempts, an
 * on-chain record, the wallets a caller may start a transfer from, who may broadcast, what an
 * address is. Requests and replies together: each is small.
 */
import { z } from 'zod';
import { isoTime } from './reply';
import { text } from './common';
import { createTransferBody } from './transfers';
import { onChainRecordReply } from './transfer-replies';

const id = z.coerce.number().int().positive();

/** GET /transfer/info. */
export const transferRecordQuery = z.object({ id });

/** PATCH /transfer/remark: an on-chain record's remark (empty clears it). */
export const recordRemarkBody = z.object({ id, remark: text().trim().max(200) });
/**
 * PATCH /transfer/cost-price: what one unit of the record's token cost, in USD (a decimal of at
 * most 15 whole and 18 fractional digits), or null to clear it.
 */
export const recordCostPriceBody = z.object({
  id,
  cost_price: text()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,18})?$/, 'PARAMS_INVALID_ERROR')
    .nullable(),
});
/** What a record's note is now. */
export const recordNoteReply = z.object({
  id: z.number(),
  remark: z.string().nullable(),
  cost_price: z.string().nullable(),
});
/** One on-chain record with what the chain says of it now. */
export const transferRecordInfoReply = onChainRecordReply.extend({
  /** Blocks on top of it, counting its own; null when the chain could not be read now. */
  confirmations: z.number().nullable(),
  /** Fee paid by the transfer out, in the chain's coin; null for deposits. */
  fee: z.string().nullable(),
  fee_symbol: z.string(),
});
export type TransferRecordInfo = z.infer<typeof transferRecordInfoReply>;

export const scheduleStepState = z.enum(['done', 'current', 'waiting', 'skipped', 'failed']);
/** GET /task/schedule: the lifecycle's steps, each with its count towards the threshold and who acted. */
export const taskScheduleReply = z.object({
  task_id: z.number(),
  status: z.number(),
  steps: z.array(
    z.object({
      step: z.enum(['created', 'approval', 'signing', 'broadcast', 'on_chain', 'completed']),
      state: scheduleStepState,
      /** Approvals or signatures counted, and how many are needed (null where nothing is counted). */
      count: z.number().nullable(),
      needed: z.number().nullable(),
      /** Who acted in this step, in order. */
      people: z.array(
        z.object({ user_id: z.number().nullable(), nickname: z.string().nullable(), at: isoTime }),
      ),
      at: isoTime.nullable(),
    }),
  ),
});
export type TaskSchedule = z.infer<typeof taskScheduleReply>;

/** GET /broadcast-schedule: every broadcast attempt of a task. */
export const broadcastScheduleReply = z.object({
  task_id: z.number(),
  list: z.array(
    z.object({
      tx_hash: z.string(),
      /** 1 success, 2 pending, 3 replaced, 4 failed. */
      status: z.number(),
      send_count: z.number(),
      sent_at: isoTime.nullable(),
      created_at: isoTime,
      created_by: z.number().nullable(),
    }),
  ),
});
export type BroadcastSchedule = z.infer<typeof broadcastScheduleReply>;

/** GET /wallets/list-for-task: wallets the caller may start a transfer from. */
export const walletsForTaskQuery = z.object({ chain_key: text().max(40).optional() });
export const walletsForTaskReply = z.object({
  list: z.array(
    z.object({
      wallet_id: z.number(),
      name: z.string(),
      chain_id: z.string(),
      address: z.string().nullable(),
      sign_type: z.number(),
      assets: z.array(
        z.object({
          token_key: z.string(),
          symbol: z.string(),
          balance: z.string(),
          locked: z.string(),
          available: z.string(),
        }),
      ),
    }),
  ),
});
export type WalletsForTask = z.infer<typeof walletsForTaskReply>;

/** GET /wallets/broadcast-user: the wallet's broadcast scope and the people it lets broadcast. */
export const broadcastUsersReply = z.object({
  wallet_id: z.number(),
  /** 1 automatic, 2 operator/initiator, 3 everyone on the wallet, 4 signers. */
  broadcast_scope: z.number(),
  automatic: z.boolean(),
  list: z.array(z.object({ user_id: z.number(), nickname: z.string().nullable(), email: z.string() })),
});
export type BroadcastUsers = z.infer<typeof broadcastUsersReply>;

/** GET /wallets/simple: the visible wallets for pickers. */
export const simpleWalletsQuery = z.object({
  chain_key: text().max(40).optional(),
  archived: z.enum(['true', 'false']).default('false'),
});
export const simpleWalletsReply = z.object({
  list: z.array(
    z.object({
      wallet_id: z.number(),
      name: z.string(),
      chain_id: z.string(),
      address: z.string().nullable(),
      sign_type: z.number(),
      status: z.number(),
    }),
  ),
});
export type SimpleWallets = z.infer<typeof simpleWalletsReply>;

/** GET /wallets/exist: is this address already a wallet of the caller's space. */
export const walletExistQuery = z.object({
  chain_key: text().min(1).max(40),
  address: text().trim().min(1).max(200),
});
export const walletExistReply = z.object({ exist: z.boolean(), wallet_id: z.number().nullable() });
export type WalletExist = z.infer<typeof walletExistReply>;

/** GET /wallets/have-upcoming-task: what blocks archiving or changing approvers. */
export const upcomingTasksReply = z.object({
  have: z.boolean(),
  pending_approval: z.number(),
  active: z.number(),
});
export type UpcomingTasks = z.infer<typeof upcomingTasksReply>;

/** GET /wallets/status. */
/**
 * GET /wallets/tron/status: a Tron wallet's setup (§4 statuses 6 → 13 → 14 → 1): what its account
 * holds and must hold (read from the chain's parameters), and at 13 the permission update its first
 * key signs (the transaction JSON, as TronLink's signTransaction takes it).
 */
export const tronSetupReply = z.object({
  wallet_id: z.number(),
  status: z.number(),
  address: z.string(),
  activated: z.boolean(),
  balance: z.string(),
  required: z.string(),
  suggested: z.string(),
  symbol: z.string(),
  signers: z.array(z.object({ address: z.string(), weight: z.number() })),
  threshold: z.number(),
  update: z.object({ tx_id: z.string(), transaction: z.string() }).nullable(),
  deploy_tx_hash: z.string().nullable(),
});
export type TronSetup = z.infer<typeof tronSetupReply>;

/**
 * GET /wallets/xrp/status: an XRP wallet's setup, read from the ledger — what the account holds
 * against the reserves it needs now (base + one owner reserve for the signer list, which the
 * ledger may change; the spec's 13 XRP is only the text when no server answers), the next step
 * its master key signs (the signer list, then disabling the master key) and that unsigned
 * transaction (tx_json), which the key holder's wallet fills with its key and signature.
 */
export const xrpSetupReply = z.object({
  wallet_id: z.number(),
  status: z.number(),
  address: z.string(),
  activated: z.boolean(),
  balance: z.string(),
  required: z.string(),
  reserve: z.object({ base: z.string(), owner: z.string() }).nullable(),
  suggested: z.string(),
  symbol: z.string(),
  signers: z.array(z.object({ address: z.string(), weight: z.number() })),
  threshold: z.number(),
  step: z.enum(['signer_list', 'disable_master']).nullable(),
  setup_tx: z.string().nullable(),
  deploy_tx_hash: z.string().nullable(),
});
export type XrpSetup = z.infer<typeof xrpSetupReply>;

export const walletStatusInfoReply = z.object({
  wallet_id: z.number(),
  status: z.number(),
  deploy_tx_hash: z.string().nullable(),
});
export type WalletStatusInfo = z.infer<typeof walletStatusInfoReply>;

/** GET /wallets/schedule: a wallet's setup progress. */
export const walletScheduleReply = z.object({
  wallet_id: z.number(),
  status: z.number(),
  steps: z.array(
    z.object({
      step: z.enum(['created', 'on_chain_setup', 'verification', 'ready']),
      state: scheduleStepState,
      tx_hash: z.string().nullable(),
      at: isoTime.nullable(),
    }),
  ),
});
export type WalletSchedule = z.infer<typeof walletScheduleReply>;

/** GET /wallets/token: the chain's known tokens. */
export const chainKeyQuery = z.object({ chain_key: text().min(1).max(40) });
export const chainTokensReply = z.object({
  chain_id: z.string(),
  list: z.array(z.object({ contract: z.string().nullable(), symbol: z.string(), decimals: z.number() })),
});
export type ChainTokens = z.infer<typeof chainTokensReply>;

/** GET /wallets/available-user: joined members who can take a wallet role, with usable signer keys. */
export const availableUsersQuery = z.object({ chain_key: text().min(1).max(40) });
export const availableUsersReply = z.object({
  list: z.array(
    z.object({
      user_id: z.number(),
      nickname: z.string().nullable(),
      email: z.string(),
      role: z.number(),
      /** Verified signer keys this member holds that can sign on the chain. */
      signer_keys: z.array(z.object({ id: z.number(), name: z.string(), address: z.string() })),
    }),
  ),
});
export type AvailableUsers = z.infer<typeof availableUsersReply>;

/** GET /addr-type: what an address is to the space (§3 tags). */
export const addressTypeQuery = z.object({
  chain_key: text().min(1).max(40),
  address: text().trim().min(1).max(200),
});
export const addressTypeReply = z.object({
  type: z.enum(['own_wallet', 'address_book', 'known_recipient', 'new']),
  valid: z.boolean(),
  wallet_id: z.number().nullable(),
  name: z.string().nullable(),
  similar_to: z.string().nullable(),
});
export type AddressType = z.infer<typeof addressTypeReply>;

/** GET /balance: a space wallet's live balance (read from the chain now, not the cache). */
export const liveBalanceQuery = z.object({
  chain_key: text().min(1).max(40),
  address: text().trim().min(1).max(200),
});
export const liveBalanceReply = z.object({
  wallet_id: z.number(),
  list: z.array(z.object({ token_key: z.string(), symbol: z.string(), balance: z.string() })),
});
export type LiveBalance = z.infer<typeof liveBalanceReply>;

/** POST /fee/estimate/max: the largest amount the wallet can send now (the wizard's Max). */
export const maxAmountBody = createTransferBody
  .pick({
    wallet_id: true,
    to: true,
    token: true,
    fee_tier: true,
    custom_fee_gwei: true,
    custom_fee_rate: true,
    utxos: true,
  })
  .partial({ to: true });
export const maxAmountReply = z.object({
  amount: z.string(),
  symbol: z.string(),
  /** The fee the wallet pays for sending it all; null where a broadcaster's account pays (EVM). */
  fee: z.string().nullable(),
  fee_symbol: z.string(),
});
export type MaxAmount = z.infer<typeof maxAmountReply>;

/** GET /permission-address/protocol: how signers of each configured chain family prove and sign. */
export const signingProtocolsReply = z.object({
  list: z.array(
    z.object({
      family: z.string(),
      chains: z.array(z.string()),
      key: z.string(),
      ownership: z.string(),
      transfer: z.string(),
    }),
  ),
});
export type SigningProtocols = z.infer<typeof signingProtocolsReply>;

/** GET /wallets/initialization/volume: what a new wallet's address must hold before its setup. */
export const setupDepositReply = z.object({
  chain_id: z.string(),
  symbol: z.string(),
  /** 0 where nothing is needed (a Safe is deployed by a signer; a Bitcoin-family wallet needs nothing). */
  amount: z.string(),
});
export type SetupDeposit = z.infer<typeof setupDepositReply>;

/** POST /task/tracer: a hash the user supplies for a transfer sent from outside the platform. */
export const traceBody = z.object({
  task_id: z.number().int().positive(),
  tx_hash: text()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'PARAMS_INVALID_ERROR'),
});

/** POST /fee/deploy-estimate: what sending an initializing wallet's setup transaction costs now. */
export const deployEstimateBody = createTransferBody
  .pick({ fee_tier: true, custom_fee_gwei: true })
  .extend({ wallet_id: z.number().int().positive() });
export const deployEstimateReply = z.object({
  gas: z.string(),
  max_fee_gwei: z.string(),
  /** The most it costs: gas × max fee, in the chain's coin. */
  fee: z.string(),
  symbol: z.string(),
});
export type DeployEstimate = z.infer<typeof deployEstimateReply>;

/** POST /broadcast-wallet-deploy: a signer's signed setup transaction for the server to relay. */
export const deployBroadcastBody = z.object({
  wallet_id: z.number().int().positive(),
  /**
   * A signed raw transaction (0x-hex; an XRPL tx_blob may come without 0x), or a signed transaction
   * as its signer's wallet returns it (JSON: Tron's transaction, xrpl.js's {tx_blob, hash}).
   */
  raw_tx: text()
    .trim()
    .max(100_000)
    .regex(/^((0x)?[0-9a-fA-F]+|\{[\s\S]*\})$/, 'PARAMS_INVALID_ERROR'),
});
export const deployBroadcastReply = z.object({ status: z.number(), tx_hash: z.string() });
export type DeployBroadcast = z.infer<typeof deployBroadcastReply>;
