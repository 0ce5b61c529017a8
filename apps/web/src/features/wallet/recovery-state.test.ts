import { describe, expect, it } from 'vitest';
import type { RecoveryInfo } from './api/get-recovery';
import {
  countdown,
  dueByEstimate,
  estimatedChainTime,
  mayQueue,
  newOwnerChoices,
  nextStep,
  runnable,
  taskNumber,
} from './recovery-state';

const LOST = '0x1111111111111111111111111111111111111111';
const NEW = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const HOUR = 3_600_000;

function info(overrides: Partial<RecoveryInfo> = {}): RecoveryInfo {
  return {
    wallet_id: 7,
    available: true,
    state: 'enabled',
    signature: 'signature_enabled',
    recoverer: { address: OTHER, user_id: 3, nickname: 'Heir' },
    delay_address: '0x4444444444444444444444444444444444444444',
    cooldown_hours: 48,
    expiration_hours: 0,
    enable_task_id: null,
    cancel_task_id: null,
    disable_task_id: null,
    owners: [LOST, '0x5555555555555555555555555555555555555555'],
    queued: [],
    chain_time: '2026-01-01T00:00:00.000Z',
    checked_at: '2026-01-01T00:00:00.000Z',
    you: { is_recoverer: false, can_manage: true, can_cancel: true },
    ...overrides,
  };
}

/** A queued swap of LOST by NEW, queued at `queuedAt`, runnable 48 h later. */
function pending(queuedAt: string, chainTime: string, overrides: Partial<RecoveryInfo> = {}): RecoveryInfo {
  const queued = Date.parse(queuedAt);
  return info({
    state: 'pending_restore',
    signature: 'signature_disabled',
    chain_time: chainTime,
    checked_at: chainTime,
    queued: [
      {
        queue_nonce: 0,
        tx_hash: '0xabc',
        to: '0x6666666666666666666666666666666666666666',
        value: '0',
        data: '0x',
        operation: 0,
        lost_owner: LOST,
        new_owner: NEW,
        queued_at: new Date(queued).toISOString(),
        executable_at: new Date(queued + 48 * HOUR).toISOString(),
        expires_at: null,
      },
    ],
    ...overrides,
  });
}

describe('who acts next on a recovery', () => {
  it('says when the chain offers none, and that an admin enables it', () => {
    expect(nextStep(info({ available: false, state: 'not_enabled' }))).toEqual({ key: 'unavailable' });
    expect(nextStep(info({ state: 'not_enabled' }))).toEqual({ key: 'notEnabled' });
  });

  it('names the enabling, disabling and veto tasks while they run', () => {
    expect(nextStep(info({ state: 'allowed_by_admin', enable_task_id: 12 }))).toEqual({
      key: 'enabling',
      taskId: 12,
    });
    // The task ran and the chain has not been read since: it is being read again.
    expect(nextStep(info({ state: 'allowed_by_admin' }))).toEqual({ key: 'reading' });
    expect(nextStep(info({ disable_task_id: 14 }))).toEqual({ key: 'disabling', taskId: 14 });
    expect(nextStep(info())).toEqual({ key: 'enabled', hours: 48 });
    const vetoing = pending('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z', { cancel_task_id: 15 });
    expect(nextStep(vetoing)).toEqual({ key: 'vetoing', taskId: 15 });
  });

  it('waits for the delay on chain time, then anyone may run it', () => {
    const waiting = pending('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z');
    expect(nextStep(waiting)).toEqual({ key: 'waiting', executableAt: '2026-01-03T00:00:00.000Z' });
    expect(runnable(waiting)).toBe(false);
    const over = pending('2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z');
    expect(runnable(over)).toBe(true);
    expect(nextStep(over)).toEqual({ key: 'runnable' });
  });
});

describe('chain time', () => {
  it('is estimated from the last read plus the time passed here since', () => {
    const read = pending('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', {
      checked_at: '2026-05-01T00:00:00Z',
    });
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(estimatedChainTime(read, now)).toBe(Date.parse('2026-01-02T10:00:00Z'));
    expect(estimatedChainTime(info({ chain_time: null }), now)).toBeNull();
  });

  it('asks for a new read when the estimate has passed the delay but the last read has not', () => {
    const read = pending('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', {
      checked_at: '2026-05-01T00:00:00Z',
    });
    expect(dueByEstimate(read, Date.parse('2026-05-01T23:59:00Z'))).toBe(false);
    expect(dueByEstimate(read, Date.parse('2026-05-02T00:00:00Z'))).toBe(true);
    // Runnable by the last read already: nothing to ask.
    expect(dueByEstimate(pending('2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z'), Date.now())).toBe(false);
  });

  it('counts down in days, hours, minutes and seconds, never below 0', () => {
    expect(countdown(2 * 86_400_000 + 3 * HOUR + 4 * 60_000 + 5_500)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdown(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('who may queue and with what', () => {
  it('is the recoverer, or an admin when the recoverer is a backup address', () => {
    expect(mayQueue(info({ you: { is_recoverer: true, can_manage: false, can_cancel: false } }))).toBe(true);
    expect(mayQueue(info())).toBe(false);
    expect(mayQueue(info({ recoverer: { address: OTHER, user_id: null, nickname: null } }))).toBe(true);
  });

  it('offers as new owner only addresses that are not owners already (any letter case)', () => {
    const choices = newOwnerChoices(
      [{ address: LOST.toUpperCase().replace('0X', '0x') }, { address: NEW }],
      [LOST],
    );
    expect(choices).toEqual([{ address: NEW }]);
  });

  it('numbers tasks as the lists do', () => {
    expect(taskNumber(12)).toBe('T000012');
  });
});
