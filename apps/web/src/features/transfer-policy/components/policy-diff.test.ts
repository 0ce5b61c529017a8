import { describe, expect, it } from 'vitest';
import type { PolicyDocument } from '../api/transfer-policy';
import { policyDiff } from './policy-diff';
import { documentFromForm } from './policy-form';
import { grouped } from './policy-words';

const rule = (name: string, gte: string): PolicyDocument['rules'][number] => ({
  name,
  when: { amount_usd: { gte } },
  then: { kind: 'allow', second_factor: false },
});

describe('a proposed policy against the one in force', () => {
  const base: PolicyDocument = {
    rules: [rule('Large', '100000'), rule('Medium', '10000'), rule('Old', '1')],
    groups: [{ name: 'Finance', member_ids: [1, 2] }],
    change_quorum: 1,
  };

  it('marks new, changed and moved rules, and names the dropped ones', () => {
    const next: PolicyDocument = {
      rules: [rule('Medium', '10000'), rule('Large', '50000'), rule('Night', '0')],
      groups: [{ name: 'Finance', member_ids: [1, 2] }],
      change_quorum: 2,
    };
    const diff = policyDiff(base, next);
    expect(diff.rules).toEqual(['moved', 'changed', 'new']);
    expect(diff.removedRules).toEqual(['Old']);
    expect(diff.groups).toEqual([null]);
    expect(diff.quorumWas).toBe(1);
  });

  it('marks everything new when no policy is in force', () => {
    expect(policyDiff(null, base).rules).toEqual(['new', 'new', 'new']);
    expect(policyDiff(null, base).quorumWas).toBeNull();
  });
});

describe('the editor form as a document', () => {
  it('drops empty conditions and keeps a time window only when whole', () => {
    const document = documentFromForm({
      change_quorum: 1,
      groups: [],
      rules: [
        {
          name: 'Night',
          when: {
            amount_usd: { gte: '', lt: '500' },
            symbols: [],
            time_window: { days: [1], from: '22:00', to: '', time_zone: 'UTC', outside: false },
          },
          then: { kind: 'block', reason: 'closed', second_factor: false },
        },
      ],
    });
    expect(document.rules[0]).toEqual({
      name: 'Night',
      when: { amount_usd: { lt: '500' } },
      then: { kind: 'block', reason: 'closed', second_factor: false },
    });
  });
});

it('groups amounts in thousands', () => {
  expect(grouped('100000')).toBe('100,000');
  expect(grouped('1234567.5')).toBe('1,234,567.5');
  expect(grouped('999')).toBe('999');
});
