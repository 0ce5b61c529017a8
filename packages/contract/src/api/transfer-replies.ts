import { z } from 'zod';
import { hexString, isoTime, listOf, pageOf } from './reply';
import { batchOutputReply } from './batch';
import { labelReply } from './labels';
import { signerKeyReply, walletDescriptorsReply } from './wallet-replies';
import { taskPolicyReply } from './transfer-policy';
import { safeMessageReview } from './dapp';

/** Replies of the transfer calls (§3 Task/transfer, Address book entry; §7 task, sign, broadcast). */

/** A task as lists and the detail show it (transfers, and wallet creations in the "all" list). */
export const taskReply = z.object({
  task_id: z.number(),
  /** 1 transfer, 3 wallet creation. */
  type: z.number(),
  task_number: z.string(),
  wallet_id: z.number().nullable(),
  chain_id: z.string().nullable(),
  /** §4 Task status: 0 approval, 1 completed, 2 failed, 3 signing, 5 broadcast, 6 on chain, 7 revoked, 8, 9, 10, 11. */
  status: z.number(),
  to: z.string().nullable(),
  symbol: z.string().nullable(),
  token_key: z.string().nullable(),
  /** In the token's units. */
  amount: z.string().nullable(),
  remark: z.string().nullable(),
  /** The fund purpose (§3 transfer tag); required where the wallet's asset-tag switch is on. */
  label_id: z.number().nullable(),
  /** A pre-signed transfer (type 5): the name its operator gave it. */
  name: z.string().nullable().optional(),
  /** A batch (type 4): how many recipients it pays (its rows are in the detail). */
  recipient_count: z.number().nullable().optional(),
  /** A Dapp task (type 6): what it does — cancel (set to 0) an approval of `token` to `spender`, a Dapp's calls or message. */
  dapp: z
    .discriminatedUnion('action', [
      z.object({
        action: z.literal('approve_cancel'),
        token: z.string(),
        spender: z.string(),
        symbol: z.string().nullable(),
      }),
      z.object({
        action: z.literal('approve'),
        token: z.string(),
        spender: z.string(),
        symbol: z.string().nullable(),
        /** In token units, or "unlimited". */
        amount: z.string(),
      }),
      /** Calls a Dapp asked for (GET /task/dapp decodes them). */
      z.object({ action: z.literal('calls'), name: z.string(), url: z.string(), call_count: z.number() }),
      /** A message the Dapp asked the Safe to sign (GET /task/dapp shows it and, once signed, the signature). */
      z.object({
        action: z.literal('message'),
        name: z.string(),
        url: z.string(),
        kind: z.enum(['personal', 'typed']),
      }),
      /** Emergency recovery: enable the delay module with this recoverer and delay, veto, or disable. */
      z.object({
        action: z.literal('recovery_enable'),
        delay: z.string(),
        recoverer: z.string(),
        cooldown_hours: z.number(),
        expiration_hours: z.number(),
      }),
      z.object({ action: z.literal('recovery_cancel'), delay: z.string(), queue_nonce: z.number() }),
      z.object({ action: z.literal('recovery_disable'), delay: z.string() }),
    ])
    .nullable()
    .optional(),
  /** The fund purpose's label, where the reply names it (lists, detail, creation). */
  fund_purpose: labelReply.nullable().optional(),
  /** The sequence the transfer takes (the Safe nonce). */
  nonce: z.string().nullable(),
  safe_tx_hash: z.string().nullable(),
  hash: z.string().nullable(),
  block_number: z.number().nullable(),
  fee_tier: z.string().nullable(),
  /** Set on an on-chain cancel: the task it cancels. */
  rejection_of: z.number().nullable(),
  approval_threshold: z.number().nullable(),
  signing_threshold: z.number().nullable(),
  /** Families whose transactions expire (Tron, 24 h): when signing closes, while it can still be signed. */
  signing_expires_at: isoTime.nullable().optional(),
  failure_reason: z.string().nullable(),
  created_by: z.number().nullable(),
  ctime: isoTime,
  /** The transfer policy's rule(s) this transfer matched and what they require; null: none matched. */
  policy: taskPolicyReply.nullable().optional(),
  /** A policy delay: the earliest broadcast. */
  broadcast_after: isoTime.nullable().optional(),
});
export type TransferTask = z.infer<typeof taskReply>;

/** Approvals and signatures so far against their thresholds (null: the stage has no threshold yet). */
export const taskProgressReply = z.object({
  approved: z.number(),
  rejected: z.number(),
  approval_threshold: z.number().nullable(),
  signed: z.number(),
  signing_threshold: z.number().nullable(),
});
export type TaskProgressCounts = z.infer<typeof taskProgressReply>;

/** One row of GET /transfer/list: the task, its progress and whether the caller must act now. */
export const transferListItemReply = taskReply.extend({
  progress: taskProgressReply,
  /** The policy lets the caller act at the task's current stage and they have not acted yet. */
  needs_you: z.boolean(),
});
export type TransferListItem = z.infer<typeof transferListItemReply>;

/** GET /transfer/list; `total_exact` false: the total was capped. */
export const transferPageReply = pageOf(transferListItemReply).extend({ total_exact: z.boolean() });
export type TransferPage = z.infer<typeof transferPageReply>;

const taskRef = z.object({ task_id: z.number(), status: z.number() });

export const taskApprovalReply = z.object({
  user_id: z.number(),
  nickname: z.string(),
  /** 1 approved, 2 rejected. */
  result: z.number(),
  comment: z.string().nullable(),
  created_at: isoTime,
});
export type TaskApproval = z.infer<typeof taskApprovalReply>;

/** One active transfer of the wallet's sequence (Safe nonce) queue. */
export const queueItemReply = z.object({
  task_id: z.number(),
  task_number: z.string(),
  nonce: z.string().nullable(),
  status: z.number(),
  rejection: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemReply>;

export const personRefReply = z.object({ user_id: z.number(), nickname: z.string() });
export type PersonRef = z.infer<typeof personRefReply>;

/** A transfer's stage where someone acts: approve (0), sign (3), broadcast (5). */
export const transferStage = z.enum(['approve', 'sign', 'broadcast']);
export type TransferStage = z.infer<typeof transferStage>;

/** Who acts next (modules/policy decides who may; names from the space's members). */
export const nextActionReply = z.object({
  /** null: nobody acts any more (final states). */
  stage: transferStage.nullable(),
  /** Those the policy lets act at this stage who have not acted yet. */
  waiting_for: z.array(personRefReply.extend({ you: z.boolean() })),
});
export type NextAction = z.infer<typeof nextActionReply>;

/** What the policy lets the caller do on this transfer, whatever its stage now. */
export const taskAbilitiesReply = z.object({
  approve: z.boolean(),
  sign: z.boolean(),
  broadcast: z.boolean(),
  /** The caller may act at the current stage and has not acted yet. */
  needs_you: z.boolean(),
});
export type TaskAbilities = z.infer<typeof taskAbilitiesReply>;

/** What every task detail carries, whatever the chain family. */
const taskInfoCommon = taskReply.extend({
  /** A batch's rows with what each did on chain; null for a single transfer. */
  batch_rows: z.array(batchOutputReply).nullable().optional(),
  wallet_name: z.string(),
  wallet_address: z.string().nullable(),
  /** The chain's name (e.g. "Hardhat devnet"). */
  chain_name: z.string(),
  approvals: z.array(taskApprovalReply),
  /** The on-chain cancel of this transfer, when one was started. */
  rejection: taskRef.nullable(),
  queue: z.array(queueItemReply),
  creator: personRefReply.nullable(),
  progress: taskProgressReply,
  next_action: nextActionReply,
  you: taskAbilitiesReply,
  /** The risk tags (§3 address tags) of the recipient, as the operator saw them; null without one. */
  recipient_tags: z.object({ tags: z.array(z.number()), similar_to: z.string().nullable() }).nullable(),
  /**
   * Once it is in a block: the fee the chain charged (coin and USD), its confirmations now (null
   * when the chain cannot be read), and whether it is past the family's finality depth.
   */
  on_chain: z
    .object({
      block_number: z.number(),
      confirmations: z.number().nullable(),
      final: z.boolean(),
      fee_paid: z.string().nullable(),
      fee_symbol: z.string(),
      fee_usd: z.string().nullable(),
    })
    .nullable(),
});

export const evmSignatureReply = z.object({
  signer: z.string(),
  user_id: z.number().nullable(),
  kind: z.string(),
  created_at: isoTime,
});
export const evmBroadcastReply = z.object({
  tx_hash: z.string(),
  from: z.string().nullable(),
  nonce: z.number().nullable(),
  max_fee_gwei: z.string(),
  /** 1 success, 2 pending, 3 replaced, 4 failed. */
  status: z.number(),
  send_count: z.number(),
  created_at: isoTime,
});
export type TaskBroadcast = z.infer<typeof evmBroadcastReply>;

/**
 * What an EVM signer or approver reviews: the call decoded from the Safe transaction itself, and
 * the hashes a hardware wallet shows — domain_hash and message_hash (EIP-712 hashStruct of the
 * SafeTx) recombine as keccak256(0x1901 ‖ domain_hash ‖ message_hash) = safe_tx_hash.
 */
export const safeTxReviewReply = z.object({
  chain_id: z.number(),
  safe_address: z.string(),
  safe_tx_hash: hexString,
  domain_hash: hexString,
  message_hash: hexString,
  operation: z.enum(['CALL', 'DELEGATECALL']),
  to: z.string(),
  /** Native value of the call, in the coin's units, and in wei. */
  native_value: z.string(),
  native_value_raw: z.string(),
  native_symbol: z.string(),
  nonce: z.string(),
  kind: z.enum(['native', 'erc20_transfer', 'erc20_approve', 'self', 'contract_call', 'multi_send']),
  token_contract: z.string().nullable(),
  /** The token's symbol, when the contract is the transfer's token; null otherwise. */
  token_symbol: z.string().nullable(),
  recipient: z.string().nullable(),
  /** The amount moved to the recipient, in token units (null when the decimals are unknown). */
  amount: z.string().nullable(),
  amount_raw: z.string().nullable(),
  data: hexString,
  /** multi_send (a batch through the chain's MultiSendCallOnly): every call, decoded from the bytes. */
  calls: z
    .array(
      z.object({
        kind: z.enum(['native', 'erc20_transfer', 'erc20_approve', 'contract_call']),
        to: z.string(),
        token_contract: z.string().nullable(),
        token_symbol: z.string().nullable(),
        recipient: z.string().nullable(),
        amount: z.string().nullable(),
        amount_raw: z.string().nullable(),
      }),
    )
    .optional(),
});
export type SafeTxReviewReply = z.infer<typeof safeTxReviewReply>;

/** GET /task/info of an EVM (Safe) transfer: the typed data to sign, the execution, the nonce queue. */
export const evmTaskInfoReply = taskInfoCommon.extend({
  /** The Safe transaction decoded, with its hashes (null for tasks without one). */
  safe_tx: safeTxReviewReply.nullable(),
  /** A message task (Dapp, type 6): the message and the hashes its signers compare (else absent or null). */
  safe_message: safeMessageReview.nullable().optional(),
  /** EIP-712 typed data of the Safe transaction (or SafeMessage), while signatures are collected. */
  typed_data: z.record(z.string(), z.unknown()).nullable(),
  /** The execTransaction call, once the threshold is reached. */
  execution: z.object({ to: z.string(), data: z.string(), value: z.string() }).nullable(),
  signatures: z.array(evmSignatureReply),
  broadcasts: z.array(evmBroadcastReply),
  /**
   * The payment address that sends and pays for the execution (the wallet's payment switch is on
   * and it is bound): the broadcaster then broadcasts without a wallet of their own. Null otherwise.
   */
  sponsor: z.object({ id: z.number(), name: z.string().nullable(), address: z.string() }).nullable(),
});
export type EvmTaskInfo = z.infer<typeof evmTaskInfoReply>;

/** What a Bitcoin-family signer signs, input by input. */
export const signingRequestReply = z.object({
  inputIndex: z.number(),
  /** 32-byte digest, hex. */
  sighash: z.string(),
  sighashType: z.number(),
  threshold: z.number(),
  keys: z.array(
    z.object({
      pubkey: z.string(),
      fingerprint: z.string().nullable(),
      path: z.string().nullable(),
      signed: z.boolean(),
    }),
  ),
});

/** GET /task/info of a Bitcoin-family transfer: the PSBT, its inputs, outputs, change and fee. */
export const bitcoinTaskInfoReply = taskInfoCommon.extend({
  family: z.literal('BTC'),
  typed_data: z.null(),
  execution: z.null(),
  descriptor: walletDescriptorsReply.nullable(),
  /** The PSBT (base64) with every signature so far. */
  psbt: z.string().nullable(),
  fee: z.string().nullable(),
  fee_sat: z.string().nullable(),
  fee_rate: z.number().nullable(),
  fee_unit: z.literal('sat/vB'),
  vsize: z.number().nullable(),
  outputs: z.array(z.object({ to: z.string(), amount: z.string(), value_sat: z.string() })),
  change: z.object({ address: z.string(), index: z.number(), value_sat: z.string() }).nullable(),
  inputs: z.array(
    z.object({
      outpoint: z.string(),
      value: z.string(),
      value_sat: z.string(),
      branch: z.number(),
      index: z.number(),
    }),
  ),
  /** A speed-up: the task it replaces. */
  replaces: z.number().nullable(),
  replaced_by: taskRef.nullable(),
  signatures: z.array(
    evmSignatureReply.extend({ fingerprint: z.string().nullable(), path: z.string().nullable() }),
  ),
  signing_requests: z.array(signingRequestReply).nullable(),
  signing_keys: z.array(signerKeyReply),
  broadcasts: z.array(
    z.object({
      tx_hash: z.string(),
      fee_sat: z.string(),
      status: z.number(),
      send_count: z.number(),
      created_at: isoTime,
    }),
  ),
});
export type BitcoinTaskInfo = z.infer<typeof bitcoinTaskInfoReply>;

/**
 * GET /task/info of a Tron transfer: the transaction signers sign (its id is sha256 of the raw
 * data), its expiry, and each wallet key's weight in the on-chain active permission.
 */
export const tronTaskInfoReply = taskInfoCommon.extend({
  family: z.literal('TRX'),
  typed_data: z.null(),
  execution: z.null(),
  tron: z
    .object({
      tx_id: z.string(),
      raw_data_hex: z.string(),
      /** The unsigned transaction JSON (visible=false) as TronLink's signTransaction takes it. */
      transaction: z.string(),
      permission_id: z.number(),
      expiration: isoTime,
    })
    .nullable(),
  /** What the transfer may burn (sun): energy, bandwidth bytes, multisig fee, activation. */
  fee_parts: z.record(z.string(), z.string()).nullable(),
  fee: z.string().nullable(),
  /** Each wallet key, its weight on chain now (null: the chain could not be read) and whether it signed. */
  weights: z.array(
    z.object({
      address: z.string(),
      weight: z.number().nullable(),
      signed: z.boolean(),
      user_id: z.number().nullable(),
    }),
  ),
  signed_weight: z.number().nullable(),
  signatures: z.array(evmSignatureReply),
  broadcasts: z.array(evmBroadcastReply),
});
export type TronTaskInfo = z.infer<typeof tronTaskInfoReply>;

/**
 * GET /task/info of an XRP transfer: the Payment every signer signs (SigningPubKey empty), the
 * bytes each signer's key signs (the transaction and that signer's account id), the ledger window
 * (LastLedgerSequence and the time it ends at the latest), and each key's weight in the on-chain
 * signer list.
 */
export const xrpTaskInfoReply = tronTaskInfoReply.omit({ family: true, tron: true }).extend({
  family: z.literal('XRP'),
  xrp: z
    .object({
      tx_json: z.string(),
      unsigned_id: z.string(),
      destination_tag: z.number().nullable(),
      sequence: z.number(),
      last_ledger_sequence: z.number(),
      expiration: isoTime,
      signing_bytes: z.record(z.string(), z.string()),
    })
    .nullable(),
});
export type XrpTaskInfo = z.infer<typeof xrpTaskInfoReply>;

/** GET /task/info: one shape per chain family (Bitcoin-family details say `family: "BTC"`, Tron `"TRX"`). */
export const taskInfoReply = z.union([
  bitcoinTaskInfoReply,
  tronTaskInfoReply,
  xrpTaskInfoReply,
  evmTaskInfoReply,
]);
export type TaskInfo = z.infer<typeof taskInfoReply>;

const gweiTier = z.object({ max_fee_gwei: z.string(), priority_fee_gwei: z.string() });
/** POST /fee/estimate: EVM fee tiers now, in Gwei. */
export const feeEstimateReply = z.object({
  unit: z.literal('gwei'),
  tiers: z.object({ slow: gweiTier, standard: gweiTier, fast: gweiTier }),
  native_symbol: z.string(),
  refreshed_at: isoTime,
  /** A typical execTransaction's gas, for the estimate. */
  gas_limit: z.string(),
});
export type FeeEstimate = z.infer<typeof feeEstimateReply>;
/** GET /fee/utxo-fee-rate: Bitcoin-family fee rates now, sat/vB. */
export const utxoFeeRatesReply = z.object({
  unit: z.literal('sat/vB'),
  slow: z.number(),
  standard: z.number(),
  fast: z.number(),
});
export type UtxoFeeRates = z.infer<typeof utxoFeeRatesReply>;

/**
 * GET /task/previous-transactions: the whole transactions a Bitcoin-family task's inputs spend
 * (raw hex), for hardware signers that check the amounts against them.
 */
export const previousTransactionsReply = z.object({
  transactions: z.array(z.object({ txid: z.string(), hex: z.string() })),
});
export type PreviousTransactions = z.infer<typeof previousTransactionsReply>;

/** POST /task/approve: the status now and the votes so far. */
export const approveReply = z.object({ status: z.number(), approved: z.number(), rejected: z.number() });
export type ApproveReply = z.infer<typeof approveReply>;
/** POST /sign: the status now, signatures counted and the threshold. */
export const signReply = z.object({
  status: z.number(),
  signatures: z.number(),
  threshold: z.number(),
  /** Weighted families (Tron): the signers' weights so far, counted against the threshold. */
  weight: z.number().optional(),
});
export type SignReply = z.infer<typeof signReply>;
/** POST /task/revoke: revoked, or (signed EVM transfers) the on-chain cancel task started. */
export const revokeReply = z.object({ status: z.number(), rejection_task_id: z.number().optional() });
export type RevokeReply = z.infer<typeof revokeReply>;

/** POST /broadcast-create: the unsigned execTransaction for the broadcaster's wallet to sign. */
export const broadcastDraftReply = z.object({
  chain_id: z.number(),
  from: hexString,
  to: hexString,
  data: hexString,
  value: z.string(),
  nonce: z.number(),
  gas: z.string(),
  max_fee_per_gas: z.string(),
  max_priority_fee_per_gas: z.string(),
  /** A replacement of the pending attempt (same nonce, higher fees). */
  speed_up: z.boolean(),
});
export type BroadcastDraft = z.infer<typeof broadcastDraftReply>;
/** POST /broadcast: on chain (6) and the transaction's hash. */
export const broadcastReply = z.object({ status: z.number(), tx_hash: z.string() });
export type BroadcastReply = z.infer<typeof broadcastReply>;

/** GET /address/tag: §3 address tags of a recipient, and the known address it resembles. */
export const addressTagsReply = z.object({ tags: z.array(z.number()), similar_to: z.string().nullable() });
export type AddressTags = z.infer<typeof addressTagsReply>;

/** One on-chain record of GET /transfer/records: a deposit in (1) or an executed transfer out (2). */
export const onChainRecordReply = z.object({
  id: z.number(),
  wallet_id: z.number(),
  wallet_name: z.string(),
  chain_id: z.string(),
  direction: z.number(),
  tx_hash: z.string(),
  from: z.string(),
  to: z.string(),
  symbol: z.string(),
  amount: z.string(),
  block_number: z.number(),
  task_id: z.number().nullable(),
  ctime: isoTime,
  /** Written by the wallet's operators and the space's admins (PATCH /transfer/remark). */
  remark: z.string().nullable(),
  /** USD per unit of the token, for profit and loss (PATCH /transfer/cost-price). */
  cost_price: z.string().nullable(),
});
export type OnChainRecord = z.infer<typeof onChainRecordReply>;
export const onChainRecordPageReply = pageOf(onChainRecordReply);
export type OnChainRecordPage = z.infer<typeof onChainRecordPageReply>;

/** GET /wallets/small-amount-test-volume. */
export const smallAmountTestVolumeReply = z.object({
  symbol: z.string(),
  amount: z.string(),
  deposit_address: z.string().nullable(),
  balance: z.string(),
  /** The wallet holds the amount the test moves. */
  enough: z.boolean(),
});
export type SmallAmountTestVolume = z.infer<typeof smallAmountTestVolumeReply>;

/** §3 Address book entry. */
export const addressBookEntryReply = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  family: z.string(),
  memo: z.string().nullable(),
  description: z.string().nullable(),
  ctime: isoTime,
});
export type AddressBookEntry = z.infer<typeof addressBookEntryReply>;
export const addressBookReply = listOf(addressBookEntryReply);
export type AddressBookList = z.infer<typeof addressBookReply>;
/** POST /address-book: the entry's id and the address as stored (checksummed). */
export const addAddressReply = z.object({ id: z.number(), address: z.string() });
export type AddAddressReply = z.infer<typeof addAddressReply>;

/** The approval transaction a Solana signer signs now (unsigned, base64); its blockhash lives about a minute. */
export const solSignCreateReply = z.object({
  transaction: z.string(),
  last_valid_block_height: z.number(),
  transaction_index: z.string(),
  /** The first approval also puts the vault transaction and its proposal on chain. */
  proposes: z.boolean(),
  signer: z.string(),
  fee_payer: z.string(),
});

/** What an approval costs the space's fee payer (never the wallet), and what the fee payer holds. */
export const solSignEstimateReply = z.object({
  fee: z.string(),
  fee_lamports: z.string(),
  fee_payer: z.string(),
  fee_payer_balance: z.string(),
  symbol: z.string(),
});
