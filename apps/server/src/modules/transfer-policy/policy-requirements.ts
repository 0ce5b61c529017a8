import type { PolicyDocument, TaskPolicyReply } from '@keystead/contract';
import type { RuleMatch } from './policy-evaluate';
import { jsonColumn } from '../../lib/json-column';

/**
 * What the matched rules require of a transfer, as stored on its task (tasks.policy). A batch (or
 * several outputs) is evaluated on its total and on each recipient: every match counts, and the
 * requirements add up to the strictest — a group's largest count, any second factor, the longest
 * delay; the wallet's threshold is replaced only when every match says so.
 */
export type TaskPolicy = TaskPolicyReply;

export const ruleLabel = (match: { rule: number; name: string }) => `Rule ${match.rule} “${match.name}”`;

function describe(policy: Omit<TaskPolicy, 'summary'>, walletReplaced: boolean): string {
  const first = policy.matches[0]!;
  const needs = [
    ...policy.groups.map((g) => `${g.count} approval${g.count > 1 ? 's' : ''} from ${g.name}`),
    ...(policy.groups.length && !walletReplaced ? ["the wallet's approvals"] : []),
    ...(policy.second_factor ? ['approver second factor'] : []),
    ...(policy.delay_minutes ? [`${policy.delay_minutes} min delay before broadcast`] : []),
  ];
  const others = policy.matches.slice(1).map((m) => m.rule);
  const also = others.length ? ` (also rule${others.length > 1 ? 's' : ''} ${others.join(', ')})` : '';
  return `${ruleLabel(first)}: ${first.why.join(', ')} → ${needs.length ? needs.join(' + ') : "the wallet's threshold"}${also}`;
}

/** Whether the wallet's own approval threshold still applies besides the groups. */
export const walletThresholdReplaced = (policy: TaskPolicy | null) =>
  policy !== null && policy.groups.length > 0 && policy.groups.every((g) => g.replaces_wallet_threshold);

type GroupNeed = TaskPolicy['groups'][number];

/** Two needs of one group add up to the larger count; it replaces the wallet's threshold only if both say so. */
function addGroup(groups: Map<string, GroupNeed>, need: GroupNeed): void {
  const before = groups.get(need.name);
  groups.set(need.name, {
    ...need,
    count: Math.max(before?.count ?? 0, need.count),
    replaces_wallet_threshold: (before?.replaces_wallet_threshold ?? true) && need.replaces_wallet_threshold,
  });
}

/** The longest of the delays asked (null: none). */
function longest(delays: (number | null | undefined)[]): number | null {
  const asked = delays.filter((d): d is number => Boolean(d));
  return asked.length ? Math.max(...asked) : null;
}

/** The requirements of these matches (null: none matched, the wallet's threshold alone). */
export function requirementsOf(
  document: PolicyDocument,
  matches: RuleMatch[],
  context: { amountUsd: string | null; at: Date; on: 'create' | 'approval' },
): TaskPolicy | null {
  const unique = matches.filter((m, i) => matches.findIndex((o) => o.rule === m.rule) === i);
  if (!unique.length) return null;
  const groups = new Map<string, TaskPolicy['groups'][number]>();
  for (const match of unique) {
    const wanted = match.then.group_approvals;
    if (!wanted) continue;
    const group = document.groups.find((g) => g.name === wanted.group)!;
    addGroup(groups, {
      name: group.name,
      member_ids: group.member_ids,
      count: wanted.count,
      replaces_wallet_threshold: wanted.replaces_wallet_threshold,
    });
  }
  // A match that asks for no group keeps the wallet's threshold.
  const keepWallet = unique.some((m) => !m.then.group_approvals);

  return withSummary({
    matches: unique.map(({ rule, name, why }) => ({ rule, name, why })),
    groups: [...groups.values()].map((g) => ({
      ...g,
      replaces_wallet_threshold: g.replaces_wallet_threshold && !keepWallet,
    })),
    second_factor: unique.some((m) => m.then.second_factor),
    delay_minutes: longest(unique.map((m) => m.then.delay_minutes)),
    amount_usd: context.amountUsd,
    evaluated_at: context.at.toISOString(),
    evaluated_on: context.on,
  });
}

function withSummary(policy: Omit<TaskPolicy, 'summary'>): TaskPolicy {
  const draft = { ...policy, summary: '' };
  return { ...draft, summary: describe(policy, walletThresholdReplaced(draft)) };
}

/**
 * At approval the policy is evaluated again: the transfer keeps what it was created under and
 * gains anything stricter the new evaluation asks (a larger group count, a second factor, a delay).
 */
export function stricterOf(stored: TaskPolicy | null, fresh: TaskPolicy | null): TaskPolicy | null {
  if (!stored || !fresh) return stored ?? fresh;
  const groups = new Map(stored.groups.map((g) => [g.name, g]));
  for (const g of fresh.groups) addGroup(groups, g);
  const matches = [
    ...stored.matches,
    ...fresh.matches.filter((m) => !stored.matches.some((s) => s.rule === m.rule)),
  ];
  const keepWallet = !walletThresholdReplaced(stored) || !walletThresholdReplaced(fresh);
  return withSummary({
    matches,
    groups: [...groups.values()].map((g) => ({
      ...g,
      replaces_wallet_threshold: g.replaces_wallet_threshold && !keepWallet,
    })),
    second_factor: stored.second_factor || fresh.second_factor,
    delay_minutes: longest([stored.delay_minutes, fresh.delay_minutes]),
    amount_usd: fresh.amount_usd,
    evaluated_at: fresh.evaluated_at,
    evaluated_on: fresh.evaluated_on,
  });
}

export function storedPolicy(value: unknown): TaskPolicy | null {
  if (value === null || value === undefined) return null;
  return jsonColumn(value) as TaskPolicy;
}

/**
 * The approval outcome of a transfer under its policy: the wallet's threshold (unless replaced)
 * counted over the wallet's approvers, and each group's count over its members. Rejected once a
 * part can no longer be reached.
 */
interface ApprovalInput {
  policy: TaskPolicy | null;
  walletThreshold: number;
  walletApprovers: number[];
  votes: { userId: number; result: number }[];
}

/** Each approval a transfer needs: the wallet's approvers (unless a group replaces them) and each group. */
function approvalParts(input: ApprovalInput) {
  return [
    ...(walletThresholdReplaced(input.policy) || input.walletThreshold < 1
      ? []
      : [{ members: input.walletApprovers, count: input.walletThreshold }]),
    ...(input.policy?.groups ?? []).map((g) => ({ members: g.member_ids, count: g.count })),
  ].map((part) => ({
    ...part,
    votes: (result: number) =>
      input.votes.filter((v) => v.result === result && part.members.includes(v.userId)).length,
  }));
}

export function policyApprovalOutcome(input: ApprovalInput): 'approved' | 'rejected' | 'open' {
  let open = false;
  for (const part of approvalParts(input)) {
    if (part.votes(2) > part.members.length - part.count) return 'rejected';
    if (part.votes(1) < part.count) open = true;
  }
  return open ? 'open' : 'approved';
}

/**
 * Approvals towards what the transfer needs, each part (the wallet's approvers, each group)
 * counting at most its own need: "1 / 3" for a wallet threshold of 2 plus one from Finance with
 * one wallet approval in, never "3 / 2".
 */
export function approvalProgress(input: ApprovalInput): { count: number; needed: number } {
  const parts = approvalParts(input);
  return {
    count: parts.reduce((sum, part) => sum + Math.min(part.votes(1), part.count), 0),
    needed: parts.reduce((sum, part) => sum + part.count, 0),
  };
}

/** Whether the transfer waits for approvals at all (the wallet's threshold or a group). */
export const needsApproval = (policy: TaskPolicy | null, walletThreshold: number) =>
  (policy?.groups.length ?? 0) > 0 || (walletThreshold > 0 && !walletThresholdReplaced(policy));

/** A policy delay's earliest broadcast, counted from the moment the transfer is cleared to sign. */
export const delayedUntil = (policy: TaskPolicy | null, from: Date): Date | null =>
  policy?.delay_minutes ? new Date(from.getTime() + policy.delay_minutes * 60_000) : null;

/** Who approves under a task's policy, as modules/policy reads it (WalletObject). */
export function policyApprovers(task: { policy: unknown }) {
  const policy = storedPolicy(task.policy);
  return policy
    ? { policyGroups: policy.groups, walletThresholdReplaced: walletThresholdReplaced(policy) }
    : {};
}
