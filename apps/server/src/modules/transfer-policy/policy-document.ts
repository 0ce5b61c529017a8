import type { PolicyDocument } from '@keystead/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { toScaled } from '../wallets/decimal';

/**
 * What the schema cannot say about a proposed policy: names that must exist in the space (group
 * members, wallets, initiators), groups the rules name, a reason for every block, a real time zone,
 * whole counts and ranges that are not empty. Refused with the first problem, named by its rule.
 */
export async function checkDocument(db: Db, organizationId: number, document: PolicyDocument) {
  const invalid = (reason: string) => new AppError('TRANSFER_POLICY_INVALID_ERROR', { reason });
  const [members, wallets] = await Promise.all([
    db
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('status', '=', 'joined')
      .execute(),
    db.selectFrom('wallets').select('id').where('organization_id', '=', organizationId).execute(),
  ]);
  const memberIds = new Set(members.map((m) => Number(m.user_id)));
  const walletIds = new Set(wallets.map((w) => Number(w.id)));
  const groupNames = new Set<string>();
  for (const group of document.groups) {
    if (groupNames.has(group.name)) throw invalid(`group "${group.name}" is defined twice`);
    groupNames.add(group.name);
    const stranger = group.member_ids.find((id) => !memberIds.has(id));
    if (stranger !== undefined)
      throw invalid(`group "${group.name}": user ${stranger} is not a member of the space`);
  }
  for (const [index, rule] of document.rules.entries()) {
    const at = `rule ${index + 1} "${rule.name}"`;
    const { when, then } = rule;
    if (then.kind === 'block' && !then.reason) throw invalid(`${at}: a block needs a reason`);
    const group = then.group_approvals;
    if (group && !groupNames.has(group.group)) throw invalid(`${at}: group "${group.group}" is not defined`);
    if (group && group.count > document.groups.find((g) => g.name === group.group)!.member_ids.length)
      throw invalid(`${at}: group "${group.group}" has fewer members than ${group.count}`);
    const wallet = when.wallet_ids?.find((id) => !walletIds.has(id));
    if (wallet !== undefined) throw invalid(`${at}: wallet ${wallet} is not in the space`);
    const initiator = when.initiator_ids?.find((id) => !memberIds.has(id));
    if (initiator !== undefined) throw invalid(`${at}: user ${initiator} is not a member of the space`);
    for (const [name, range] of [
      ['amount_usd', when.amount_usd],
      ['token_amount', when.token_amount],
    ] as const) {
      if (
        range?.gte !== undefined &&
        range.lt !== undefined &&
        toScaled(range.gte, 18) >= toScaled(range.lt, 18)
      )
        throw invalid(`${at}: ${name} is an empty range`);
    }
    if (when.time_window) {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: when.time_window.time_zone });
      } catch {
        throw invalid(`${at}: unknown time zone "${when.time_window.time_zone}"`);
      }
    }
    if (when.velocity?.measure === 'count' && when.velocity.gte.includes('.'))
      throw invalid(`${at}: a velocity count is a whole number`);
  }
}
