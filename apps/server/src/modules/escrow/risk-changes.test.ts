import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaceRole } from '@keystead/contract';
import {
  KEYS,
  V4,
  addAccount,
  binanceRead,
  exchangeTestBed,
  payForExchanges,
  type ExchangeTestBed,
} from '../../../test/exchange-helpers';
import { addMember, createSpace, person, freshCode, type Person } from '../../../test/space-helpers';
import type { TestApp } from '../../../test/test-app';

/**
 * Maker-checker of risk-control changes (issue 17, "approved like a transfer when the space
 * enables it"): once the exchange account has approvers, a risk-control user's change waits for
 * them (§4 strategy status 3 "setting") while the rules in force stay; the threshold decides.
 */
let bed: ExchangeTestBed;
let t: TestApp;
let admin: Person;
let riskUser: Person;
let approverOne: Person;
let approverTwo: Person;
let spaceId: number;
let walletId: number;
let otherWalletId: number;

interface RulesView {
  status: number | null;
  rules: Array<{ trade_category: number; max_order_usdt: string | null }>;
  approval: { threshold: number; approvers: Array<{ id: number }> };
  pending_change: {
    id: number;
    operation: string;
    change: Record<string, unknown>;
    proposed_by: { id: number };
    approvers: Array<{ id: number }>;
    votes: Array<{ user: { id: number }; result: number }>;
    can_vote: boolean;
    can_revoke: boolean;
  } | null;
}

const code = (who: Person, purpose: string) => freshCode(t, who, purpose);

const rule = (maxUsdt: string) => ({ trade_category: 1, symbols: ['BTC/USDT'], max_order_usdt: maxUsdt });

async function saveRules(who: Person, maxUsdt: string, wallet = walletId) {
  return who.client.post<RulesView>(`${V4}/escrow/risk-control-rules`, {
    wallet_id: wallet,
    tactic_type: 1,
    rules: [rule(maxUsdt)],
    email_code: await code(who, 'risk_control'),
  });
}

const view = (who: Person) =>
  who.client.get<RulesView>(`${V4}/escrow/risk-control-rules`, { wallet_id: walletId });

const vote = (who: Person, changeId: number, result: 1 | 2, extra: Record<string, unknown> = {}) =>
  who.client.post<RulesView>(`${V4}/escrow/risk-control-rules/changes/approve`, {
    wallet_id: walletId,
    change_id: changeId,
    result,
    ...extra,
  });

async function storedMaxUsdt(): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('risk_rules')
    .select('max_order_usdt')
    .where('wallet_id', '=', walletId)
    .execute();
  return rows.map((r) => String(r.max_order_usdt));
}

async function auditOps(): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select('operation')
    .where('operation', 'like', 'risk_%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.operation);
}

beforeAll(async () => {
  bed = await exchangeTestBed();
  ({ t, admin, spaceId } = bed);
  await payForExchanges(t, spaceId);
  const trading = await addAccount(admin, {
    exchange: 'binance',
    api_key: KEYS[1]!.apiKey,
    secret: KEYS[1]!.secret,
    api_key_type: 2,
  });
  expect(trading.code, JSON.stringify(trading)).toBe('OK');
  walletId = trading.data.wallet_id;
  const other = await addAccount(admin, binanceRead);
  expect(other.code).toBe('OK');
  otherWalletId = other.data.wallet_id;
  riskUser = await addMember(t, admin, spaceId, SpaceRole.Member);
  approverOne = await addMember(t, admin, spaceId, SpaceRole.Member);
  approverTwo = await addMember(t, admin, spaceId, SpaceRole.Member);
  for (const wallet of [walletId, otherWalletId]) {
    const roles = await admin.client.put('/api/v1/wallets/risk-control-user', {
      wallet_id: wallet,
      user_ids: [riskUser.userId],
    });
    expect(roles.code).toBe('OK');
  }
}, 120_000);

afterAll(() => bed?.close());

describe('risk-control changes approved like a transfer', () => {
  let changeId: number;

  it('apply at once while the account has no approvers', async () => {
    const saved = await saveRules(riskUser, '1000');
    expect(saved.code, JSON.stringify(saved)).toBe('OK');
    expect(saved.data).toMatchObject({ status: 1, pending_change: null, approval: { threshold: 0 } });
    expect(await storedMaxUsdt()).toEqual(['1000']);
  });

  it('wait for the approvers once the account has some, the rules in force unchanged (status 3)', async () => {
    const approvers = await admin.client.put('/api/v1/wallets/approver', {
      wallet_id: walletId,
      user_ids: [approverOne.userId, approverTwo.userId, riskUser.userId],
      approval_threshold: 2,
    });
    expect(approvers.code).toBe('OK');
    const proposed = await saveRules(riskUser, '5000');
    expect(proposed.code, JSON.stringify(proposed)).toBe('OK');
    expect(proposed.data.status).toBe(3);
    expect(proposed.data.rules.map((r) => r.max_order_usdt)).toEqual(['1000']);
    const change = proposed.data.pending_change!;
    expect(change).toMatchObject({
      operation: 'risk_rules_save',
      proposed_by: { id: riskUser.userId },
      can_vote: false,
      can_revoke: true,
      votes: [],
    });
    // The proposer is not one of their own checkers.
    expect(change.approvers.map((a) => a.id).sort()).toEqual([approverOne.userId, approverTwo.userId].sort());
    expect(change.change).toMatchObject({
      tactic_type: 1,
      rules: [{ trade_category: 1, max_order_usdt: '5000' }],
    });
    expect(await storedMaxUsdt()).toEqual(['1000']);
    changeId = change.id;
    // The approvers are told.
    const told = await t.ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('title', 'like', 'Risk-control change%')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([approverOne.userId, approverTwo.userId].sort());
    const seen = await view(approverOne);
    expect(seen.data.pending_change).toMatchObject({ id: changeId, can_vote: true, can_revoke: false });
    const overview = await admin.client.get<{ list: Array<{ wallet_id: number; strategy_status: number }> }>(
      `${V4}/escrow`,
    );
    expect(overview.data.list.find((a) => a.wallet_id === walletId)?.strategy_status).toBe(3);
  });

  it('refuses a second change, an approver edit, and votes of non-approvers or the proposer', async () => {
    const second = await saveRules(riskUser, '7000');
    expect(second.code).toBe('RISK_CONTROL_SETTING_IN_PROGRESS_ERROR');
    const edit = await admin.client.put('/api/v1/wallets/approver', {
      wallet_id: walletId,
      user_ids: [approverOne.userId],
      approval_threshold: 1,
    });
    expect(edit.code).toBe('WALLET_APPROVER_EDIT_BLOCKED_ERROR');
    expect((await vote(admin, changeId, 1)).code).toBe('PERMISSION_APPROVE_ERROR');
    expect((await vote(riskUser, changeId, 1)).code).toBe('RISK_CONTROL_OWN_CHANGE_ERROR');
    const count = await t.ctx.db.selectFrom('risk_changes').select('id').execute();
    expect(count).toHaveLength(1);
    expect(await t.ctx.db.selectFrom('risk_change_votes').selectAll().execute()).toEqual([]);
  });

  it('asks approvers for the authenticator when the space does, as for transfers', async () => {
    await t.ctx.db
      .updateTable('organizations')
      .set({ is_open_approve: true })
      .where('id', '=', spaceId)
      .execute();
    expect((await vote(approverOne, changeId, 1)).code).toBe('GOOGLE_AUTHENTICATION_ERROR');
    await t.ctx.db
      .updateTable('organizations')
      .set({ is_open_approve: false })
      .where('id', '=', spaceId)
      .execute();
  });

  it('another space cannot learn of the change; another account’s id is not found', async () => {
    const outsider = await person(t, { mfa: true, prefix: 'outsider' });
    await createSpace(outsider, 'Elsewhere');
    const reply = await outsider.client.post(`${V4}/escrow/risk-control-rules/changes/approve`, {
      wallet_id: walletId,
      change_id: changeId,
      result: 1,
    });
    expect(reply.code).toBe('EXCHANGE_API_NOT_FOUND_ERROR');
    // The risk-control user sees both accounts; the change is not the other account's.
    const wrongAccount = await riskUser.client.post(`${V4}/escrow/risk-control-rules/changes/revoke`, {
      wallet_id: otherWalletId,
      change_id: changeId,
    });
    expect(wrongAccount.code).toBe('RISK_CONTROL_CHANGE_NOT_FOUND_ERROR');
  });

  it('applies the change at the threshold, written as the proposer’s and audited', async () => {
    const first = await vote(approverOne, changeId, 1, { comment: 'limits agreed' });
    expect(first.code, JSON.stringify(first)).toBe('OK');
    expect(first.data.status).toBe(3);
    expect(first.data.pending_change?.votes).toMatchObject([{ user: { id: approverOne.userId }, result: 1 }]);
    expect(await storedMaxUsdt()).toEqual(['1000']);
    expect((await vote(approverOne, changeId, 1)).code).toBe('RISK_CONTROL_CHANGE_VOTED_ERROR');
    const second = await vote(approverTwo, changeId, 1);
    expect(second.code).toBe('OK');
    expect(second.data).toMatchObject({ status: 1, pending_change: null });
    expect(second.data.rules.map((r) => r.max_order_usdt)).toEqual(['5000']);
    expect(await storedMaxUsdt()).toEqual(['5000']);
    const strategy = await t.ctx.db
      .selectFrom('risk_strategies')
      .select('updated_by')
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(strategy.updated_by).toBe(riskUser.userId);
    expect(await auditOps()).toEqual([
      'risk_rules_save',
      'risk_change_propose',
      'risk_change_approve',
      'risk_change_approve',
      'risk_rules_save',
    ]);
    expect((await vote(approverTwo, changeId, 2)).code).toBe('RISK_CONTROL_CHANGE_DECIDED_ERROR');
  });

  it('a rejection that leaves the threshold out of reach rejects it: status 2, rules in force kept', async () => {
    const proposed = await riskUser.client.post<RulesView>(`${V4}/escrow/risk-control-rules/settings`, {
      wallet_id: walletId,
      limit_window_hours: 6,
      email_code: await code(riskUser, 'risk_control'),
    });
    expect(proposed.code, JSON.stringify(proposed)).toBe('OK');
    const pending = (await view(approverTwo)).data.pending_change!;
    expect(pending).toMatchObject({ operation: 'risk_settings', change: { from: 24, to: 6 } });
    // Two checkers, threshold 2: one rejection is enough to end it.
    const rejected = await vote(approverTwo, pending.id, 2, { comment: 'too short' });
    expect(rejected.code).toBe('OK');
    expect(rejected.data).toMatchObject({ status: 2, pending_change: null });
    const settings = await t.ctx.db
      .selectFrom('escrow_settings')
      .select('limit_window_hours')
      .where('wallet_id', '=', walletId)
      .executeTakeFirst();
    expect(settings?.limit_window_hours ?? 24).toBe(24);
    // The stored strategy stays effective: orders are still judged by the rules in force.
    const stored = await t.ctx.db
      .selectFrom('risk_strategies')
      .select('status')
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(1);
  });

  it('the proposer may withdraw a waiting change; others not in risk control may not', async () => {
    const proposed = await saveRules(riskUser, '9000');
    const id = proposed.data.pending_change!.id;
    const byApprover = await approverOne.client.post(`${V4}/escrow/risk-control-rules/changes/revoke`, {
      wallet_id: walletId,
      change_id: id,
    });
    expect(byApprover.code).toBe('PERMISSION_RISK_CONTROL_ERROR');
    const revoked = await riskUser.client.post<RulesView>(`${V4}/escrow/risk-control-rules/changes/revoke`, {
      wallet_id: walletId,
      change_id: id,
    });
    expect(revoked.code).toBe('OK');
    expect(revoked.data.pending_change).toBeNull();
    expect((await vote(approverOne, id, 1)).code).toBe('RISK_CONTROL_CHANGE_DECIDED_ERROR');
    expect(await storedMaxUsdt()).toEqual(['5000']);
  });
});
