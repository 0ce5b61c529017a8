import type { QueuedRecovery, RecoveryInfo } from './api/get-recovery';

/**
 * Emergency recovery as the tab reads it (GET /wallets/recovery): whose move it is, and the
 * times of a queued recovery on the chain's clock (block timestamps, not this computer's).
 */

/** A task's number as the lists show it (T000012). */
export const taskNumber = (taskId: number) => `T${String(taskId).padStart(6, '0')}`;

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());
export const sameAddress = same;

/** The recovery the module will run next (the queue runs in order). */
export const nextQueued = (info: RecoveryInfo): QueuedRecovery | null => info.queued[0] ?? null;

/**
 * The chain's time now, estimated: the time last read plus what has passed here since it was
 * read. Null when the chain has not been read yet.
 */
export function estimatedChainTime(info: RecoveryInfo, now: number): number | null {
  if (!info.chain_time) return null;
  const read = Date.parse(info.chain_time);
  const checked = info.checked_at ? Date.parse(info.checked_at) : now;
  return read + Math.max(0, now - checked);
}

/**
 * Whether the next recovery may run: its delay is over by the chain time the server last read
 * (the module checks the same; an estimate alone is not enough to send a transaction).
 */
export function runnable(info: RecoveryInfo): boolean {
  const next = nextQueued(info);
  if (info.state !== 'pending_restore' || !next || !info.chain_time) return false;
  return Date.parse(info.chain_time) >= Date.parse(next.executable_at);
}

/** The delay should be over by now, but the chain has not been read since: read it again. */
export function dueByEstimate(info: RecoveryInfo, now: number): boolean {
  const next = nextQueued(info);
  const estimate = estimatedChainTime(info, now);
  if (!next || estimate === null || runnable(info)) return false;
  return estimate >= Date.parse(next.executable_at);
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left of `ms` in days, hours, minutes and seconds (0 once passed). */
export function countdown(ms: number): Countdown {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Whether the caller may queue a recovery: the recoverer, or an admin for a backup address. */
export const mayQueue = (info: RecoveryInfo) =>
  info.you.is_recoverer ||
  (info.you.can_manage && info.recoverer !== null && info.recoverer.user_id === null);

/**
 * Who acts next, as a text key of the recovery namespace and its values: the tab says it in
 * words above the actions.
 */
export type NextStep =
  | { key: 'unavailable' }
  | { key: 'notEnabled' }
  | { key: 'enabling'; taskId: number }
  | { key: 'reading' }
  | { key: 'enabled'; hours: number }
  | { key: 'disabling'; taskId: number }
  | { key: 'vetoing'; taskId: number }
  | { key: 'waiting'; executableAt: string }
  | { key: 'runnable' }
  | { key: 'otherQueued'; executableAt: string };

export function nextStep(info: RecoveryInfo): NextStep {
  if (!info.available) return { key: 'unavailable' };
  switch (info.state) {
    case 'not_enabled':
      return { key: 'notEnabled' };
    case 'allowed_by_admin':
      return info.enable_task_id !== null
        ? { key: 'enabling', taskId: info.enable_task_id }
        : { key: 'reading' };
    case 'enabled':
      return info.disable_task_id !== null
        ? { key: 'disabling', taskId: info.disable_task_id }
        : { key: 'enabled', hours: info.cooldown_hours ?? 0 };
    case 'pending_restore': {
      if (info.cancel_task_id !== null) return { key: 'vetoing', taskId: info.cancel_task_id };
      const next = nextQueued(info);
      if (!next) return { key: 'reading' };
      if (runnable(info)) return { key: 'runnable' };
      return next.lost_owner
        ? { key: 'waiting', executableAt: next.executable_at }
        : { key: 'otherQueued', executableAt: next.executable_at };
    }
  }
}

/** The recoverer's verified addresses that may become an owner: not one already. */
export function newOwnerChoices<T extends { address: string }>(addresses: T[], owners: string[]): T[] {
  return addresses.filter((item) => !owners.some((owner) => same(owner, item.address)));
}
