import type { PolicyConditions, PolicyDestination, PolicyDocument, PolicyRule } from '@keystead/contract';
import { formatUnits, fromScaled, toScaled } from '../wallets/decimal';

/**
 * The transfer policy's evaluation (issue 21), pure: the rules in order, first match wins. What a
 * transfer is (its facts) and the velocity sums are read by the caller (policy-facts.ts); nothing
 * here reads the database or the clock, so a test or the dry-run tester can say "at this moment".
 *
 * Money is exact: USD as micro-dollars (bigint), token amounts in base units. A token without a
 * price counts as unlimited for a USD tier (`gte` holds, `lt` does not) and makes a USD velocity
 * unknown, which also counts as over: the policy fails closed.
 */

export type VelocityCondition = NonNullable<PolicyConditions['velocity']>;
export interface VelocityFigure {
  /** null: a transfer in the window has no price. */
  usdMicros: bigint | null;
  count: number;
}

export interface TransferFacts {
  amountUsdMicros: bigint | null;
  /** The one asset moved (null: a batch total over several assets). */
  token: { symbol: string; amount: bigint; decimals: number } | null;
  chain: string;
  walletId: number;
  initiatorId: number;
  destinations: ReadonlySet<PolicyDestination>;
  addressBookNames: ReadonlySet<string>;
  at: Date;
  /** The rolling figure of a window, this transfer included. */
  velocity: (condition: VelocityCondition) => VelocityFigure;
}

export interface RuleMatch {
  /** 1-based position in the list. */
  rule: number;
  name: string;
  why: string[];
  then: PolicyRule['then'];
}

export interface Evaluation {
  match: RuleMatch | null;
  /** With `trace`: each rule tried up to the match, with the first condition that did not hold. */
  trace: { rule: number; name: string; failed: string | null }[];
}

export const USD_SCALE = 6;
const PRICE_SCALE = 12;
const AMOUNT_SCALE = 18;

/** amount (base units) × USD price, in micro-dollars rounded down. */
export function usdMicros(amount: bigint, decimals: number, price: string): bigint {
  const units = toScaled(formatUnits(amount, decimals), AMOUNT_SCALE);
  return (units * toScaled(price, PRICE_SCALE)) / 10n ** BigInt(AMOUNT_SCALE + PRICE_SCALE - USD_SCALE);
}

export const usdText = (micros: bigint) => `$${groupThousands(fromScaled(micros, USD_SCALE))}`;

function groupThousands(value: string): string {
  const [whole, fraction] = value.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction.slice(0, 2).padEnd(2, '0')}` : grouped;
}

/**
 * One condition, compiled once per document: `holds` is the hot path (bounds parsed up front,
 * no text); `why` and `failed` build the words only for the matched rule and for a trace.
 */
interface Condition {
  holds: (facts: TransferFacts) => boolean;
  why: (facts: TransferFacts) => string;
  failed: (facts: TransferFacts) => string;
}

interface Bounds {
  gte?: bigint | undefined;
  lt?: bigint | undefined;
}

function rangeCondition(
  value: (facts: TransferFacts) => bigint | null,
  bounds: Bounds,
  shown: (v: bigint) => string,
  label: (facts: TransferFacts) => string,
): Condition {
  // No value (no price): unlimited, so a lower bound holds and an upper one does not (fail closed).
  const holdsFor = (v: bigint | null) =>
    v === null
      ? bounds.lt === undefined
      : (bounds.gte === undefined || v >= bounds.gte) && (bounds.lt === undefined || v < bounds.lt);
  const limits = [
    bounds.gte !== undefined ? `≥ ${shown(bounds.gte)}` : null,
    bounds.lt !== undefined ? `< ${shown(bounds.lt)}` : null,
  ].filter(Boolean);
  return {
    holds: (facts) => holdsFor(value(facts)),
    why: (facts) => {
      const v = value(facts);
      return v === null
        ? `${label(facts)} has no price (counted as unlimited)`
        : `${label(facts)} ${shown(v)} ${limits.join(' and ')}`;
    },
    failed: (facts) => {
      const v = value(facts);
      if (v === null) return `${label(facts)} has no price`;
      return bounds.gte !== undefined && v < bounds.gte
        ? `${label(facts)} ${shown(v)} < ${shown(bounds.gte)}`
        : `${label(facts)} ${shown(v)} ≥ ${shown(bounds.lt!)}`;
    },
  };
}

const scaled = (value: string | undefined, scale: number) =>
  value === undefined ? undefined : toScaled(value, scale);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local weekday (0 Sunday) and minute of the day of a moment in a time zone. */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

function timeWindowCondition(window: NonNullable<PolicyConditions['time_window']>): Condition {
  const from = minuteOf(window.from);
  const to = minuteOf(window.to);
  const inside = (at: Date) => {
    const { day, minute } = localTime(at, window.time_zone);
    const inHours =
      from === to ? true : from < to ? minute >= from && minute < to : minute >= from || minute < to;
    return window.days.includes(day) && inHours;
  };
  const span = `${window.from}–${window.to} ${window.time_zone}`;
  return {
    holds: (facts) => inside(facts.at) === !window.outside,
    why: () => `${window.outside ? 'outside' : 'inside'} ${span}`,
    failed: () => `${window.outside ? 'inside' : 'outside'} ${span}`,
  };
}

function velocityCondition(condition: VelocityCondition): Condition {
  const label = () =>
    `${condition.window} ${condition.scope} ${condition.measure === 'usd' ? 'total' : 'count'}`;
  if (condition.measure === 'count')
    return rangeCondition(
      (facts) => BigInt(facts.velocity(condition).count),
      { gte: BigInt(condition.gte.split('.')[0]!) },
      String,
      label,
    );
  return rangeCondition(
    (facts) => facts.velocity(condition).usdMicros,
    { gte: toScaled(condition.gte, USD_SCALE) },
    usdText,
    label,
  );
}

function listCondition<T>(
  values: readonly T[],
  value: (facts: TransferFacts) => T,
  label: string,
): Condition {
  const set = new Set(values);
  return {
    holds: (facts) => set.has(value(facts)),
    why: (facts) => `${label} ${String(value(facts))}`,
    failed: (facts) => `${label} ${String(value(facts))} not listed`,
  };
}

function tokenAmountCondition(bound: NonNullable<PolicyConditions['token_amount']>): Condition {
  const symbol = bound.symbol.toUpperCase();
  const sameToken = (facts: TransferFacts) => facts.token?.symbol.toUpperCase() === symbol;
  const range = (facts: TransferFacts) => {
    const token = facts.token!;
    return rangeCondition(
      () => token.amount,
      { gte: scaled(bound.gte, token.decimals), lt: scaled(bound.lt, token.decimals) },
      (v) => `${formatUnits(v, token.decimals)} ${token.symbol}`,
      () => 'amount',
    );
  };
  return {
    holds: (facts) => sameToken(facts) && range(facts).holds(facts),
    why: (facts) => range(facts).why(facts),
    failed: (facts) => (sameToken(facts) ? range(facts).failed(facts) : `not ${bound.symbol}`),
  };
}

/** Every condition a rule names, in a fixed order (the cheap ones first). */
function compileConditions(when: PolicyConditions): Condition[] {
  const conditions: Condition[] = [];
  if (when.chains) conditions.push(listCondition(when.chains, (f) => f.chain, 'chain'));
  if (when.wallet_ids) conditions.push(listCondition(when.wallet_ids, (f) => f.walletId, 'wallet'));
  if (when.initiator_ids)
    conditions.push(listCondition(when.initiator_ids, (f) => f.initiatorId, 'initiator'));
  if (when.symbols) {
    const symbols = new Set(when.symbols.map((s) => s.toUpperCase()));
    conditions.push({
      holds: (f) => f.token !== null && symbols.has(f.token.symbol.toUpperCase()),
      why: (f) => `token ${f.token!.symbol}`,
      failed: (f) => (f.token ? `token ${f.token.symbol} not listed` : 'several tokens'),
    });
  }
  if (when.token_amount) conditions.push(tokenAmountCondition(when.token_amount));
  if (when.amount_usd)
    conditions.push(
      rangeCondition(
        (f) => f.amountUsdMicros,
        { gte: scaled(when.amount_usd.gte, USD_SCALE), lt: scaled(when.amount_usd.lt, USD_SCALE) },
        usdText,
        () => 'amount',
      ),
    );
  if (when.destinations) {
    const kinds = when.destinations;
    conditions.push({
      holds: (f) => kinds.some((d) => f.destinations.has(d)),
      why: (f) => `destination ${kinds.find((d) => f.destinations.has(d))!}`,
      failed: (f) => `destination is ${[...f.destinations].join(', ')}`,
    });
  }
  if (when.address_book_names) {
    const names = when.address_book_names;
    conditions.push({
      holds: (f) => names.some((n) => f.addressBookNames.has(n)),
      why: (f) => `address book "${names.find((n) => f.addressBookNames.has(n))!}"`,
      failed: () => 'not a listed address-book entry',
    });
  }
  if (when.time_window) conditions.push(timeWindowCondition(when.time_window));
  if (when.velocity) conditions.push(velocityCondition(when.velocity));
  return conditions;
}

interface CompiledRule {
  rule: number;
  name: string;
  then: PolicyRule['then'];
  conditions: Condition[];
}

const compiledDocuments = new WeakMap<PolicyDocument, CompiledRule[]>();

function compiled(document: PolicyDocument): CompiledRule[] {
  let rules = compiledDocuments.get(document);
  if (!rules) {
    rules = document.rules.map((rule, index) => ({
      rule: index + 1,
      name: rule.name,
      then: rule.then,
      conditions: compileConditions(rule.when),
    }));
    compiledDocuments.set(document, rules);
  }
  return rules;
}

/** The rules in order; the first whose conditions all hold is the match. The trace is built on request. */
export function evaluatePolicy(
  document: PolicyDocument,
  facts: TransferFacts,
  options: { trace?: boolean } = {},
): Evaluation {
  const trace: Evaluation['trace'] = [];
  for (const rule of compiled(document)) {
    const failing = rule.conditions.find((condition) => !condition.holds(facts));
    if (!failing) {
      const why = rule.conditions.map((condition) => condition.why(facts));
      const match = {
        rule: rule.rule,
        name: rule.name,
        why: why.length ? why : ['every transfer'],
        then: rule.then,
      };
      if (options.trace) trace.push({ rule: rule.rule, name: rule.name, failed: null });
      return { match, trace };
    }
    if (options.trace) trace.push({ rule: rule.rule, name: rule.name, failed: failing.failed(facts) });
  }
  return { match: null, trace };
}

/** Whether any rule needs a velocity figure (the creation then serialises on the space). */
export const usesVelocity = (document: PolicyDocument) => document.rules.some((r) => r.when.velocity);

/** The distinct velocity windows the rules name (read in one query). */
export function velocityConditions(document: PolicyDocument): VelocityCondition[] {
  const seen = new Map<string, VelocityCondition>();
  for (const rule of document.rules) {
    const v = rule.when.velocity;
    if (v) seen.set(`${v.scope}:${v.window}`, v);
  }
  return [...seen.values()];
}
