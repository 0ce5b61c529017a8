import type { TFunction } from 'i18next';
import type { PolicyDocument, TaskPolicyReply } from '../api/transfer-policy';

type Rule = PolicyDocument['rules'][number];
type Names = (ids: number[]) => string;

/** A decimal string with its whole part grouped in thousands ("100000.5" → "100,000.5"). */
export function grouped(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const thousands = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${thousands}.${fraction}` : thousands;
}

/** A rule's conditions in words ("amount ≥ $100,000, destination new"), in the user's language. */
export function conditionWords(
  t: TFunction,
  when: Rule['when'],
  names: { wallets: Names; people: Names },
): string {
  const words: string[] = [];
  const list = (values: string[]) => values.join(', ');
  if (when.amount_usd?.gte) words.push(t('when.usdGte', { value: grouped(when.amount_usd.gte) }));
  if (when.amount_usd?.lt) words.push(t('when.usdLt', { value: grouped(when.amount_usd.lt) }));
  const token = when.token_amount;
  if (token?.gte) words.push(t('when.tokenGte', { value: grouped(token.gte), symbol: token.symbol }));
  if (token?.lt) words.push(t('when.tokenLt', { value: grouped(token.lt), symbol: token.symbol }));
  if (when.symbols) words.push(t('when.symbols', { list: list(when.symbols) }));
  if (when.chains) words.push(t('when.chains', { list: list(when.chains) }));
  if (when.wallet_ids) words.push(t('when.wallets', { list: names.wallets(when.wallet_ids) }));
  if (when.initiator_ids) words.push(t('when.initiators', { list: names.people(when.initiator_ids) }));
  if (when.destinations)
    words.push(t('when.destinations', { list: list(when.destinations.map((d) => t(`destination.${d}`))) }));
  if (when.address_book_names) words.push(t('when.book', { list: list(when.address_book_names) }));
  const window = when.time_window;
  if (window)
    words.push(
      t(window.outside ? 'when.outside' : 'when.inside', {
        days: window.days.map((d) => t(`day.${d}`)).join(' '),
        from: window.from,
        to: window.to,
        zone: window.time_zone,
      }),
    );
  const velocity = when.velocity;
  if (velocity)
    words.push(
      t(velocity.measure === 'count' ? 'when.velocityCount' : 'when.velocityUsd', {
        value: grouped(velocity.gte),
        scope: t(`scope.${velocity.scope}`),
        window: t(`window.${velocity.window}`),
      }),
    );
  return words.length ? words.join(', ') : t('when.every');
}

/** What a rule's action requires, in words. */
export function actionWords(t: TFunction, then: Rule['then']): string {
  if (then.kind === 'block') return t('then.block', { reason: then.reason ?? '' });
  const group = then.group_approvals;
  const needs = [
    group
      ? t(group.replaces_wallet_threshold ? 'then.groupInstead' : 'then.group', {
          count: group.count,
          group: group.group,
        })
      : t('then.allow'),
    ...(then.second_factor ? [t('then.secondFactor')] : []),
    ...(then.delay_minutes ? [t('then.delay', { minutes: then.delay_minutes })] : []),
  ];
  return needs.join(' + ');
}

/** What a transfer needs under its policy (the task's stored requirements), in words. */
export function taskPolicyWords(t: TFunction, policy: TaskPolicyReply): string {
  const first = policy.matches[0]!;
  const needs = [
    ...policy.groups.map((g) =>
      t(g.replaces_wallet_threshold ? 'then.groupInstead' : 'then.group', { count: g.count, group: g.name }),
    ),
    // Groups besides the wallet's threshold: the wallet's approvals are still needed.
    ...(policy.groups.length === 0 || !policy.groups.every((g) => g.replaces_wallet_threshold)
      ? [policy.groups.length === 0 ? t('then.allow') : t('then.walletToo')]
      : []),
    ...(policy.second_factor ? [t('then.secondFactor')] : []),
    ...(policy.delay_minutes ? [t('then.delay', { minutes: policy.delay_minutes })] : []),
  ];
  return t('task.line', { rule: first.rule, name: first.name, needs: needs.join(' + ') });
}
