import type { PolicyDocument } from '../api/transfer-policy';

/** How a rule or group of a proposed policy compares with the policy in force. */
export type Mark = 'new' | 'changed' | 'moved' | null;

export interface PolicyDiff {
  /** One mark per rule of the proposed document, in its order. */
  rules: Mark[];
  /** One mark per group of the proposed document. */
  groups: Mark[];
  /** Names of the rules and groups in force that the proposal drops. */
  removedRules: string[];
  removedGroups: string[];
  /** The quorum in force when the proposal changes it, else null. */
  quorumWas: number | null;
}

/** JSON with sorted keys, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Items are matched by name: absent before is new, different is changed, elsewhere is moved. */
function marks<T extends { name: string }>(before: T[], after: T[]): Mark[] {
  return after.map((item, index) => {
    const at = before.findIndex((old) => old.name === item.name);
    if (at < 0) return 'new';
    if (canonical(before[at]) !== canonical(item)) return 'changed';
    return at === index ? null : 'moved';
  });
}

/** What a proposed policy changes against the one in force (everything is new when none is). */
export function policyDiff(base: PolicyDocument | null, next: PolicyDocument): PolicyDiff {
  const before = base ?? { rules: [], groups: [], change_quorum: next.change_quorum };
  const dropped = <T extends { name: string }>(old: T[], now: T[]) =>
    old.filter((item) => !now.some((other) => other.name === item.name)).map((item) => item.name);
  return {
    rules: marks(before.rules, next.rules),
    groups: marks(before.groups, next.groups),
    removedRules: dropped(before.rules, next.rules),
    removedGroups: dropped(before.groups, next.groups),
    quorumWas: before.change_quorum === next.change_quorum ? null : before.change_quorum,
  };
}
