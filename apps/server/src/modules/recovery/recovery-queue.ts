import type { QueuedRecoveryTx } from '@keystead/chains';
import type { QueuedRecovery } from '@keystead/contract';

/** A queued transaction as wallet_recoveries.queued keeps it (JSON: the value as a string). */
export interface StoredQueued {
  queue_nonce: number;
  tx_hash: string;
  to: string;
  value: string;
  data: string;
  operation: number;
  /** Chain time in seconds. */
  created_at: number;
  lost_owner: string | null;
  new_owner: string | null;
}

export const storedQueued = (tx: QueuedRecoveryTx): StoredQueued => ({
  queue_nonce: tx.queueNonce,
  tx_hash: tx.txHash,
  to: tx.to,
  value: tx.value.toString(),
  data: tx.data,
  operation: tx.operation,
  created_at: tx.createdAt,
  lost_owner: tx.swap?.lostOwner ?? null,
  new_owner: tx.swap?.newOwner ?? null,
});

export const queuedTx = (stored: StoredQueued): QueuedRecoveryTx => ({
  queueNonce: stored.queue_nonce,
  txHash: stored.tx_hash,
  to: stored.to,
  value: BigInt(stored.value),
  data: stored.data,
  operation: stored.operation,
  createdAt: stored.created_at,
  swap:
    stored.lost_owner && stored.new_owner
      ? { lostOwner: stored.lost_owner, newOwner: stored.new_owner }
      : null,
});

/** The module's timing of one queued transaction, in chain seconds. */
export function queueWindow(
  stored: StoredQueued,
  timing: { cooldown_seconds: number; expiration_seconds: number },
) {
  const executableAt = stored.created_at + timing.cooldown_seconds;
  const expiresAt = timing.expiration_seconds ? executableAt + timing.expiration_seconds : null;
  return { executableAt, expiresAt };
}

/** Still to be run or vetoed at `chainTime`: not past its expiry (the module skips those). */
export const isLive = (
  stored: StoredQueued,
  timing: { cooldown_seconds: number; expiration_seconds: number },
  chainTime: number,
) => {
  const { expiresAt } = queueWindow(stored, timing);
  return expiresAt === null || chainTime <= expiresAt;
};

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function presentQueued(
  stored: StoredQueued,
  timing: { cooldown_seconds: number; expiration_seconds: number },
): QueuedRecovery {
  const { executableAt, expiresAt } = queueWindow(stored, timing);
  return {
    queue_nonce: stored.queue_nonce,
    tx_hash: stored.tx_hash,
    to: stored.to,
    value: stored.value,
    data: stored.data,
    operation: stored.operation,
    lost_owner: stored.lost_owner,
    new_owner: stored.new_owner,
    queued_at: iso(stored.created_at),
    executable_at: iso(executableAt),
    expires_at: expiresAt === null ? null : iso(expiresAt),
  };
}
