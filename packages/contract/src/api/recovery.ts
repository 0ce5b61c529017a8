import { z } from 'zod';
import { text } from './common';
import { feeTierField, gweiString } from './transfers';
import { EmergencyRecoveryState } from '../states';
import { RECOVERY_COOLDOWN_HOURS, RECOVERY_EXPIRATION_HOURS_MAX } from '../limits';

/**
 * §1/§4 emergency recovery of a Safe: a recoverer (a member's verified address or a backup
 * address) may replace a lost owner, but only after a delay on chain during which the owners can
 * veto. A delay module (Zodiac Delay's interface) enabled on the Safe by a normal signed task.
 */
const hexAddress = text()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR');

export const recoveryState = z.enum([
  EmergencyRecoveryState.NotEnabled,
  EmergencyRecoveryState.AllowedByAdmin,
  EmergencyRecoveryState.Enabled,
  EmergencyRecoveryState.PendingRestore,
]);

/** A transaction queued on the delay module, as the chain holds it. */
export const queuedRecovery = z.object({
  queue_nonce: z.number().int(),
  /** keccak256(to ‖ value ‖ data ‖ operation), the delay module's own hash. */
  tx_hash: z.string(),
  to: z.string(),
  value: z.string(),
  data: z.string(),
  operation: z.number().int(),
  /** Set when the call is the Safe's swapOwner: who is replaced, by whom. Else it is some other call. */
  lost_owner: z.string().nullable(),
  new_owner: z.string().nullable(),
  /** Chain time (block timestamps): queued, executable from, and no longer executable after (null: never). */
  queued_at: z.string(),
  executable_at: z.string(),
  expires_at: z.string().nullable(),
});
export type QueuedRecovery = z.infer<typeof queuedRecovery>;

/** GET /wallets/recovery?wallet_id: where the wallet's emergency recovery stands. */
export const recoveryReply = z.object({
  wallet_id: z.number().int(),
  /** The wallet's chain offers recovery (a delay module is known there). */
  available: z.boolean(),
  state: recoveryState,
  /** §4 "signature disabled/enabled": while a recovery is pending the wallet signs nothing else. */
  signature: z.enum([EmergencyRecoveryState.SignatureEnabled, EmergencyRecoveryState.SignatureDisabled]),
  recoverer: z
    .object({
      address: z.string(),
      /** The member whose verified address it is; null for a backup address. */
      user_id: z.number().int().nullable(),
      nickname: z.string().nullable(),
    })
    .nullable(),
  delay_address: z.string().nullable(),
  cooldown_hours: z.number().nullable(),
  expiration_hours: z.number().nullable(),
  /** The task enabling, cancelling (veto) or disabling recovery while it is under way. */
  enable_task_id: z.number().int().nullable(),
  cancel_task_id: z.number().int().nullable(),
  disable_task_id: z.number().int().nullable(),
  owners: z.array(z.string()),
  queued: z.array(queuedRecovery),
  /** The chain's time when last read (the countdown runs on it). */
  chain_time: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** What the caller may do here. */
  you: z.object({
    is_recoverer: z.boolean(),
    can_manage: z.boolean(),
    can_cancel: z.boolean(),
  }),
});
export type RecoveryInfo = z.infer<typeof recoveryReply>;

const taskFee = {
  fee_tier: feeTierField.default('standard'),
  custom_fee_gwei: gweiString.optional(),
};

/** POST /wallets/recovery/enable (admins): a task enabling the delay module with this recoverer. */
export const recoveryEnableBody = z.object({
  wallet_id: z.number().int().positive(),
  recoverer_address: hexAddress,
  cooldown_hours: z.number().int().min(RECOVERY_COOLDOWN_HOURS.min).max(RECOVERY_COOLDOWN_HOURS.max),
  /** 0: a queued recovery stays executable; else how long after its delay it may still run. */
  expiration_hours: z.number().int().min(0).max(RECOVERY_EXPIRATION_HOURS_MAX).default(0),
  ...taskFee,
});

/** POST /wallets/recovery/cancel (owners' veto) and /disable: a task on the wallet. */
export const recoveryTaskBody = z.object({ wallet_id: z.number().int().positive(), ...taskFee });

/** POST /wallets/recovery/queue (the recoverer): the transaction that queues replacing one owner. */
export const recoveryQueueBody = z.object({
  wallet_id: z.number().int().positive(),
  lost_owner: hexAddress,
  new_owner: hexAddress,
});

/** A transaction the caller's own wallet sends (the server holds no key): to, data, the chain. */
export const recoveryTxReply = z.object({
  chain_id: z.number().int(),
  from: z.string().nullable(),
  to: z.string(),
  value: z.string(),
  data: z.string(),
});
export type RecoveryTx = z.infer<typeof recoveryTxReply>;

/** POST /wallets/recovery/sync and /execute: the wallet named. */
export const recoveryWalletBody = z.object({ wallet_id: z.number().int().positive() });

/**
 * GET /wallets/recovery/coins?wallet_id: a Bitcoin-family wallet's recovery path — the emergency
 * key may sweep any coin at least `blocks` old; the owners keep a coin out of its reach by
 * spending it (a transfer, e.g. to the wallet's own address) before then.
 */
export const timelockRecoveryReply = z.object({
  wallet_id: z.number().int(),
  /** The wallet's chain (a recoverer who holds no role on the wallet learns it here). */
  chain_key: z.string(),
  blocks: z.number().int(),
  key: z.object({ xpub: z.string(), fingerprint: z.string(), path: z.string() }),
  /** The member whose verified key it is; null for a backup key the space keeps offline. */
  recoverer: z.object({ user_id: z.number().int(), nickname: z.string().nullable() }).nullable(),
  /** The wallet's receive descriptor (miniscript): Bitcoin Core 25+ or Liana can sweep without this platform. */
  descriptor: z.string().nullable(),
  coins: z.array(
    z.object({
      outpoint: z.string(),
      address: z.string(),
      value_sat: z.string(),
      confirmations: z.number().int(),
      /** Blocks until the recovery key may spend it; 0: it may now. */
      blocks_left: z.number().int(),
    }),
  ),
  matured_sat: z.string(),
  waiting_sat: z.string(),
  you: z.object({ can_sweep: z.boolean() }),
});
export type TimelockRecoveryInfo = z.infer<typeof timelockRecoveryReply>;

/** POST /wallets/recovery/sweep/prepare: the unsigned sweep of every matured coin to one address. */
export const sweepPrepareBody = z.object({
  wallet_id: z.number().int().positive(),
  to: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(120, 'CHAIN_ADDRESS_INVALID_ERROR'),
  fee_tier: feeTierField.default('standard'),
  custom_fee_rate: text()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'FEE_RATE_ERROR')
    .optional(),
});

export const sweepPrepareReply = z.object({
  /** PSBT (base64) for the recovery key's holder to sign (not finalize) offline. */
  psbt: z.string(),
  to: z.string(),
  amount_sat: z.string(),
  fee_sat: z.string(),
  vsize: z.number().int(),
  fee_rate: z.string(),
  inputs: z.array(z.object({ outpoint: z.string(), value_sat: z.string() })),
});

/** POST /wallets/recovery/sweep: the PSBT signed by the recovery key; verified, finalized and relayed. */
export const sweepSubmitBody = z.object({
  wallet_id: z.number().int().positive(),
  psbt: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(400_000, 'SIGNATURE_INVALID_ERROR'),
});

export const sweepSubmitReply = z.object({
  txid: z.string(),
  fee_sat: z.string(),
  outputs: z.array(z.object({ to: z.string(), value_sat: z.string() })),
});
