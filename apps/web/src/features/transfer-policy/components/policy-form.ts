import type { PolicyDocument } from '../api/transfer-policy';

type Rule = PolicyDocument['rules'][number];

/**
 * The editor's form values are the document's own shape, with empty fields left in; what is sent
 * drops them (an empty list or number is no condition), and a time window or velocity only when
 * it is whole.
 */
export function documentFromForm(values: PolicyDocument): PolicyDocument {
  return {
    change_quorum: values.change_quorum ?? 1,
    groups: (values.groups ?? []).map((g) => ({ name: g.name, member_ids: g.member_ids ?? [] })),
    rules: (values.rules ?? []).map(cleanRule),
  };
}

const filled = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

function pruned<T extends object>(value: T | undefined): T | undefined {
  if (!value) return undefined;
  const entries = Object.entries(value).filter(([, v]) => filled(v));
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

function cleanRule(rule: Rule): Rule {
  const when = rule.when ?? {};
  const window = when.time_window;
  const velocity = when.velocity;
  const conditions = pruned({
    amount_usd: pruned(when.amount_usd),
    symbols: when.symbols,
    chains: when.chains,
    wallet_ids: when.wallet_ids,
    initiator_ids: when.initiator_ids,
    destinations: when.destinations,
    time_window:
      window && filled(window.days) && window.from && window.to && window.time_zone
        ? { ...window, outside: Boolean(window.outside) }
        : undefined,
    velocity: velocity && filled(velocity.gte) ? velocity : undefined,
  });
  const then = rule.then;
  const action = {
    kind: then.kind,
    ...(then.kind === 'block' ? { reason: then.reason ?? '' } : {}),
    ...(then.kind === 'allow' && then.group_approvals?.group
      ? {
          group_approvals: {
            group: then.group_approvals.group,
            count: then.group_approvals.count ?? 1,
            replaces_wallet_threshold: Boolean(then.group_approvals.replaces_wallet_threshold),
          },
        }
      : {}),
    second_factor: then.kind === 'allow' && Boolean(then.second_factor),
    ...(then.kind === 'allow' && then.delay_minutes ? { delay_minutes: Number(then.delay_minutes) } : {}),
  };
  return { name: rule.name, when: conditions ?? {}, then: action };
}

/** A new rule as the editor starts it: every transfer, allowed with the wallet's threshold. */
export const blankRule = (n: number): Rule => ({
  name: `Rule ${n}`,
  when: {},
  then: { kind: 'allow', second_factor: false },
});
