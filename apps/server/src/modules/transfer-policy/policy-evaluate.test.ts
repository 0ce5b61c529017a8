import { policyDocument, type PolicyDestination, type PolicyDocument } from '@keystead/contract';
import { describe, expect, it } from 'vitest';
import {
  evaluatePolicy,
  localTime,
  usdMicros,
  type TransferFacts,
  type VelocityFigure,
} from './policy-evaluate';
import { policyApprovalOutcome, requirementsOf, stricterOf } from './policy-requirements';

/** The pure evaluation: every condition, its boundaries, first match wins, and what matches require. */

const USD = 1_000_000n;
const doc = (rules: unknown[], groups: unknown[] = []): PolicyDocument =>
  policyDocument.parse({ rules, groups, change_quorum: 1 });

function facts(overrides: Partial<TransferFacts> & { usd?: number | null } = {}): TransferFacts {
  const { usd = 100, ...rest } = overrides;
  const micros = usd === null ? null : BigInt(Math.round(usd * 1e6));
  return {
    amountUsdMicros: micros,
    token: { symbol: 'USDT', amount: micros ?? 0n, decimals: 6 },
    chain: '31337',
    walletId: 7,
    initiatorId: 3,
    destinations: new Set<PolicyDestination>(['external', 'whitelisted']),
    addressBookNames: new Set(['Exchange A']),
    at: new Date('2026-11-25T10:30:00Z'), // a Wednesday
    velocity: () => ({ usdMicros: 0n, count: 1 }),
    ...rest,
  };
}

const rule = (name: string, when: object, then: object = { kind: 'allow' }) => ({ name, when, then });
const matched = (document: PolicyDocument, f: TransferFacts) =>
  evaluatePolicy(document, f).match?.rule ?? null;

describe('amount tiers', () => {
  const tiers = doc([
    rule('Small', { amount_usd: { lt: '10000' } }),
    rule('Medium', { amount_usd: { gte: '10000', lt: '100000' } }),
    rule('Large', { amount_usd: { gte: '100000' } }, { kind: 'block', reason: 'too large' }),
  ]);
  it('is inclusive at the lower bound and exclusive at the upper one (exactly at a tier)', () => {
    expect(matched(tiers, facts({ usd: 9999.999999 }))).toBe(1);
    expect(matched(tiers, facts({ usd: 10000 }))).toBe(2);
    expect(matched(tiers, facts({ usd: 99999.999999 }))).toBe(2);
    expect(matched(tiers, facts({ usd: 100000 }))).toBe(3);
  });
  it('counts a token without a price as unlimited: a lower bound holds, an upper one does not', () => {
    const result = evaluatePolicy(tiers, facts({ usd: null }), { trace: true });
    expect(result.match?.rule).toBe(3);
    expect(result.trace[0]!.failed).toMatch(/no price/);
  });
  it('compares token amounts in the token (base units, exact)', () => {
    const byToken = doc([rule('Big USDT', { token_amount: { symbol: 'usdt', gte: '500.5' } })]);
    const at = (units: bigint) => facts({ token: { symbol: 'USDT', amount: units, decimals: 6 } });
    expect(matched(byToken, at(500_499_999n))).toBeNull();
    expect(matched(byToken, at(500_500_000n))).toBe(1);
    expect(
      matched(byToken, facts({ token: { symbol: 'ETH', amount: 10n ** 24n, decimals: 18 } })),
    ).toBeNull();
  });
  it('prices exactly (micro-dollars, rounded down)', () => {
    expect(usdMicros(1_000_000_000_000_000_000n, 18, '3000')).toBe(3000n * USD);
    expect(usdMicros(1n, 18, '3000')).toBe(0n);
    expect(usdMicros(123_456_789n, 6, '1')).toBe(123_456_789n);
  });
});

describe('who, what and where', () => {
  it('matches token, chain, wallet and initiator lists', () => {
    const d = doc([
      rule('Chain', { chains: ['1'] }),
      rule('Wallet', { wallet_ids: [8] }),
      rule('Initiator', { initiator_ids: [4] }),
      rule('Token', { symbols: ['ETH'] }),
      rule('All four', { chains: ['31337'], wallet_ids: [7], initiator_ids: [3], symbols: ['usdt'] }),
    ]);
    const result = evaluatePolicy(d, facts(), { trace: true });
    expect(result.match?.rule).toBe(5);
    expect(result.trace.map((step) => step.failed)).toEqual([
      'chain 31337 not listed',
      'wallet 7 not listed',
      'initiator 3 not listed',
      'token USDT not listed',
      null,
    ]);
  });
  it('matches any listed destination kind and address-book names', () => {
    const d = doc([
      rule('New or risky', { destinations: ['new', 'risky'] }),
      rule('Book', { address_book_names: ['Exchange A'] }),
    ]);
    expect(matched(d, facts())).toBe(2);
    expect(matched(d, facts({ destinations: new Set(['external', 'new']) }))).toBe(1);
    expect(matched(d, facts({ addressBookNames: new Set() }))).toBeNull();
  });
  it('first match wins, and a rule without conditions matches every transfer', () => {
    const d = doc([rule('Everything', {}), rule('Never reached', {})]);
    expect(evaluatePolicy(d, facts()).match).toMatchObject({ rule: 1, why: ['every transfer'] });
  });
});

describe('time windows', () => {
  const hours = (outside: boolean, from = '09:00', to = '17:00') =>
    doc([
      rule('Hours', {
        time_window: { days: [1, 2, 3, 4, 5], from, to, time_zone: 'Asia/Hong_Kong', outside },
      }),
    ]);
  it('reads the day and the hour in the rule’s time zone', () => {
    expect(localTime(new Date('2026-11-25T10:30:00Z'), 'Asia/Hong_Kong')).toEqual({
      day: 3,
      minute: 18 * 60 + 30,
    });
    // 00:59 UTC on a Wednesday is 08:59 in Hong Kong: outside; 01:00 UTC is 09:00: inside.
    expect(matched(hours(false), facts({ at: new Date('2026-11-25T00:59:00Z') }))).toBeNull();
    expect(matched(hours(false), facts({ at: new Date('2026-11-25T01:00:00Z') }))).toBe(1);
    // 17:00 local is the exclusive end.
    expect(matched(hours(false), facts({ at: new Date('2026-11-25T09:00:00Z') }))).toBeNull();
    expect(matched(hours(true), facts({ at: new Date('2026-11-25T09:00:00Z') }))).toBe(1);
    // Saturday in Hong Kong (Friday 16:30 UTC) is outside the working days.
    expect(matched(hours(true), facts({ at: new Date('2026-11-27T16:30:00Z') }))).toBe(1);
  });
  it('wraps past midnight when the end is before the start', () => {
    const night = hours(false, '22:00', '06:00');
    expect(matched(night, facts({ at: new Date('2026-11-25T15:00:00Z') }))).toBe(1); // 23:00 HK
    expect(matched(night, facts({ at: new Date('2026-11-25T21:59:00Z') }))).toBe(1); // 05:59 HK Thu
    expect(matched(night, facts({ at: new Date('2026-11-25T22:00:00Z') }))).toBeNull(); // 06:00 HK
  });
});

describe('velocity', () => {
  const figure =
    (count: number, usd: bigint | null): (() => VelocityFigure) =>
    () => ({ count, usdMicros: usd });
  it('holds at the limit (this transfer included) and not below it', () => {
    const byCount = doc([
      rule('Busy', { velocity: { scope: 'space', window: '24h', measure: 'count', gte: '5' } }),
    ]);
    expect(matched(byCount, facts({ velocity: figure(4, 0n) }))).toBeNull();
    expect(matched(byCount, facts({ velocity: figure(5, 0n) }))).toBe(1);
    const bySum = doc([
      rule('Heavy', { velocity: { scope: 'wallet', window: '7d', measure: 'usd', gte: '250000' } }),
    ]);
    expect(matched(bySum, facts({ velocity: figure(1, 249_999n * USD) }))).toBeNull();
    expect(matched(bySum, facts({ velocity: figure(1, 250_000n * USD) }))).toBe(1);
    expect(matched(bySum, facts({ velocity: figure(1, null) }))).toBe(1);
  });
});

describe('what the matches require', () => {
  const groups = [
    { name: 'Finance', member_ids: [11, 12, 13] },
    { name: 'Risk', member_ids: [21, 22] },
  ];
  const d = doc(
    [
      rule(
        'Large',
        { amount_usd: { gte: '100000' } },
        { kind: 'allow', group_approvals: { group: 'Finance', count: 2, replaces_wallet_threshold: true } },
      ),
      rule(
        'Night',
        {},
        {
          kind: 'allow',
          second_factor: true,
          delay_minutes: 60,
          group_approvals: { group: 'Finance', count: 1, replaces_wallet_threshold: true },
        },
      ),
      rule('Plain', {}),
    ],
    groups,
  );
  const context = { amountUsd: '150000', at: new Date('2026-11-25T10:00:00Z'), on: 'create' as const };
  const large = evaluatePolicy(d, facts({ usd: 150000 })).match!;
  it('says what it requires in one line', () => {
    const policy = requirementsOf(d, [large], context)!;
    expect(policy.summary).toBe('Rule 1 “Large”: amount $150,000 ≥ $100,000 → 2 approvals from Finance');
    expect(policy.groups).toEqual([
      { name: 'Finance', count: 2, member_ids: [11, 12, 13], replaces_wallet_threshold: true },
    ]);
  });
  it('adds several matches up to the strictest (a batch’s total and recipients)', () => {
    const night = { ...large, rule: 2, name: 'Night', why: ['every transfer'], then: d.rules[1]!.then };
    const plain = { ...large, rule: 3, name: 'Plain', why: ['every transfer'], then: d.rules[2]!.then };
    const policy = requirementsOf(d, [large, night, plain], context)!;
    expect(policy.groups).toEqual([
      { name: 'Finance', count: 2, member_ids: [11, 12, 13], replaces_wallet_threshold: false },
    ]);
    expect(policy).toMatchObject({ second_factor: true, delay_minutes: 60 });
    expect(policy.summary).toMatch(/\(also rules 2, 3\)$/);
  });
  it('keeps at approval what the transfer was created under, adding what is stricter', () => {
    const created = requirementsOf(d, [large], context)!;
    const night = { ...large, rule: 2, name: 'Night', then: d.rules[1]!.then };
    const now = requirementsOf(d, [night], { ...context, on: 'approval' })!;
    const merged = stricterOf(created, now)!;
    expect(merged).toMatchObject({ second_factor: true, delay_minutes: 60, evaluated_on: 'approval' });
    expect(merged.groups[0]!.count).toBe(2);
    expect(stricterOf(null, now)).toBe(now);
    expect(stricterOf(created, null)).toBe(created);
  });
  it('approves when every part is reached and rejects when one no longer can be', () => {
    const policy = requirementsOf(d, [large], context)!;
    const outcome = (votes: [number, number][]) =>
      policyApprovalOutcome({
        policy,
        walletThreshold: 1,
        walletApprovers: [31],
        votes: votes.map(([userId, result]) => ({ userId, result })),
      });
    expect(outcome([[11, 1]])).toBe('open');
    // The wallet's approver has no say when the group replaces the threshold.
    expect(
      outcome([
        [31, 2],
        [11, 1],
      ]),
    ).toBe('open');
    expect(
      outcome([
        [11, 1],
        [12, 1],
      ]),
    ).toBe('approved');
    expect(
      outcome([
        [11, 2],
        [12, 2],
      ]),
    ).toBe('rejected');
    const both = {
      ...policy,
      groups: policy.groups.map((g) => ({ ...g, replaces_wallet_threshold: false })),
    };
    const inAddition = (votes: [number, number][]) =>
      policyApprovalOutcome({
        policy: both,
        walletThreshold: 1,
        walletApprovers: [31],
        votes: votes.map(([userId, result]) => ({ userId, result })),
      });
    expect(
      inAddition([
        [11, 1],
        [12, 1],
      ]),
    ).toBe('open');
    expect(
      inAddition([
        [11, 1],
        [12, 1],
        [31, 1],
      ]),
    ).toBe('approved');
    expect(inAddition([[31, 2]])).toBe('rejected');
  });
});
