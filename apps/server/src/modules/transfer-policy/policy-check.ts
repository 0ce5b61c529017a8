import type { PolicyDocument, PolicyDestination } from '@keystead/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { usdPrice } from '../prices/prices';
import { knownAddresses, type KnownAddresses } from '../transfers/address-tags';
import {
  evaluatePolicy,
  usdMicros,
  type Evaluation,
  type RuleMatch,
  type TransferFacts,
} from './policy-evaluate';
import { destinationOf, usdColumn, velocityFigures } from './policy-facts';
import { requirementsOf, ruleLabel, type TaskPolicy } from './policy-requirements';

/** One recipient of a transfer as the policy sees it. */
export interface PolicyRecipient {
  to: string;
  amount: bigint;
  token: { symbol: string; decimals: number };
}

export interface PolicySubject {
  organizationId: number;
  wallet: { id: number; chain_key: string };
  initiatorId: number;
  recipients: PolicyRecipient[];
  at: Date;
  /** 'create': the transfer is not stored yet and is added to the velocity figures. */
  on: 'create' | 'approval';
  /** The dry run: each rule's reason for not matching. */
  trace?: boolean;
  /** The space's known addresses when the caller has them already (read otherwise). */
  known?: KnownAddresses;
}

export interface PolicyResult {
  policy: TaskPolicy | null;
  blocked: RuleMatch | null;
  /** The transfer's USD value (null: a token without a price). */
  amountUsdMicros: bigint | null;
  /** The first evaluation's trace (a single transfer's, or a batch total's). */
  trace: Evaluation['trace'];
}

/** The USD value of each recipient and of the whole (null where a token has no price). */
export function usdValues(recipients: PolicyRecipient[]): { each: (bigint | null)[]; total: bigint | null } {
  const each = recipients.map((r) => {
    const price = usdPrice(r.token.symbol);
    return price === null ? null : usdMicros(r.amount, r.token.decimals, price);
  });
  const total = each.some((v) => v === null) ? null : each.reduce<bigint>((sum, v) => sum + v!, 0n);
  return { each, total };
}

const needsDestinations = (document: PolicyDocument) =>
  document.rules.some((r) => r.when.destinations || r.when.address_book_names);

/**
 * Evaluates a transfer against the document: a single recipient once; several (a batch, or a
 * one-to-many transaction) on their total and on each recipient, every match counting.
 */
export async function evaluateTransfer(
  db: Db,
  document: PolicyDocument,
  subject: PolicySubject,
): Promise<PolicyResult> {
  const { recipients } = subject;
  const usd = usdValues(recipients);
  const [known, velocity] = await Promise.all([
    needsDestinations(document) ? (subject.known ?? knownAddresses(db, subject.organizationId)) : null,
    document.rules.some((r) => r.when.velocity)
      ? velocityFigures(
          db,
          { organizationId: subject.organizationId, walletId: subject.wallet.id, at: subject.at },
          subject.on === 'create' ? { usdMicros: usd.total } : null,
        )
      : () => ({ usdMicros: 0n, count: 0 }),
  ]);
  const destination = (to: string) =>
    known ? destinationOf(known, to) : { kinds: new Set<PolicyDestination>(), names: new Set<string>() };
  const base = {
    chain: subject.wallet.chain_key,
    walletId: subject.wallet.id,
    initiatorId: subject.initiatorId,
    at: subject.at,
    velocity,
  };
  const each: TransferFacts[] = recipients.map((r, i) => {
    const d = destination(r.to);
    return {
      ...base,
      amountUsdMicros: usd.each[i]!,
      token: { symbol: r.token.symbol, amount: r.amount, decimals: r.token.decimals },
      destinations: d.kinds,
      addressBookNames: d.names,
    };
  });
  const symbols = new Set(recipients.map((r) => r.token.symbol));
  const total: TransferFacts | null =
    recipients.length > 1
      ? {
          ...base,
          amountUsdMicros: usd.total,
          token:
            symbols.size === 1
              ? { ...each[0]!.token!, amount: recipients.reduce((sum, r) => sum + r.amount, 0n) }
              : null,
          destinations: new Set(each.flatMap((f) => [...f.destinations])),
          addressBookNames: new Set(each.flatMap((f) => [...f.addressBookNames])),
        }
      : null;
  const evaluations = [total, ...each].flatMap((facts) =>
    facts ? [evaluatePolicy(document, facts, { trace: subject.trace ?? false })] : [],
  );
  const matches = evaluations.flatMap((e) => (e.match ? [e.match] : []));
  const blocked = matches.find((m) => m.then.kind === 'block') ?? null;
  const amountUsd = usdColumn(usd.total);
  return {
    policy: requirementsOf(document, matches, { amountUsd, at: subject.at, on: subject.on }),
    blocked,
    amountUsdMicros: usd.total,
    trace: evaluations[0]!.trace,
  };
}

export function blockedError(match: RuleMatch): AppError {
  return new AppError('TRANSFER_POLICY_BLOCKED_ERROR', {
    rule: ruleLabel(match),
    reason: match.then.reason ?? match.name,
  });
}
