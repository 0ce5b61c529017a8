import { describe, expect, it } from 'vitest';
import { checkBody, currentCheck, inputKey, stepViews, type CheckState } from './check-state';

const binance = {
  exchange: 'binance',
  api_key: ' KEY1 ',
  secret: 's3cret',
  passphrase: 'left over from OKX',
  api_key_type: 1 as const,
  account_mode: 'classic' as const,
  ip_whitelist: false,
};

describe('the add wizard’s connectivity check', () => {
  it('sends a passphrase only for the exchanges that have one, and the key trimmed', () => {
    expect(checkBody(binance)).toEqual({
      exchange: 'binance',
      api_key: 'KEY1',
      secret: 's3cret',
      api_key_type: 1,
      account_mode: 'classic',
      ip_whitelist: false,
    });
    expect(checkBody({ ...binance, exchange: 'okx' }).passphrase).toBe('left over from OKX');
  });

  it('a passed check holds only for the same input: any edit of a credential undoes it', () => {
    const key = inputKey(checkBody(binance));
    const passed = { kind: 'passed', key, reply: { steps: [] } } as unknown as CheckState;
    expect(currentCheck(passed, key).kind).toBe('passed');
    for (const edit of [
      { secret: 's3cret!' },
      { api_key: 'KEY2' },
      { api_key_type: 2 as const },
      { account_mode: 'unified' as const },
      { ip_whitelist: true },
      { exchange: 'okx' },
    ])
      expect(currentCheck(passed, inputKey(checkBody({ ...binance, ...edit }))).kind).toBe('idle');
    // The name or the passphrase of an exchange without one are not part of the check.
    expect(inputKey(checkBody({ ...binance, name: 'Desk', passphrase: 'x' }))).toBe(key);
  });

  it('shows every step in the spec’s order, the refused one with its code', () => {
    const failed: CheckState = {
      kind: 'failed',
      key: 'k',
      code: 'EXCHANGE_AUTH_ERROR',
      message: 'The exchange refused the API key',
      steps: [
        { step: 'network', status: 'passed', code: null },
        { step: 'api_validity', status: 'failed', code: 'EXCHANGE_AUTH_ERROR' },
        { step: 'permissions', status: 'skipped', code: null },
        { step: 'account_info', status: 'skipped', code: null },
      ],
    };
    expect(stepViews(failed)).toEqual([
      { step: 'api_validity', view: 'failed', code: 'EXCHANGE_AUTH_ERROR' },
      { step: 'network', view: 'passed', code: null },
      { step: 'permissions', view: 'skipped', code: null },
      { step: 'account_info', view: 'skipped', code: null },
    ]);
    expect(stepViews({ kind: 'running', key: 'k' }).map((s) => s.view)).toEqual([
      'running',
      'running',
      'running',
      'running',
    ]);
    expect(stepViews({ kind: 'idle' }).map((s) => s.view)).toEqual(['idle', 'idle', 'idle', 'idle']);
  });
});
