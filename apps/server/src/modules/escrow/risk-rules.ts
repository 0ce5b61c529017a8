import { PERPETUAL_CATEGORIES, RISK_CONTROL_USERS_MAX, type RiskRuleInput } from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { loadExchangeAccountFor } from '../exchanges/exchange-reads';
import type { ExchangeAccount } from '../exchanges/exchange-repository';
import { canManageRisk } from '../policy/policy';
import { escrowSettingsOf, findStrategy, usageSince } from './escrow-repository';
import {
  approvalView,
  latestChanges,
  namesOf,
  pendingChangeView,
  shownStrategyStatus,
  submitRiskChange,
} from './risk-changes';
import type { StoredRule } from './risk-judge';

const HOUR = 3_600_000;

/** The account, when the caller is one of its risk-control users (§6 "manages rules"). */
async function riskAccount(
  ctx: AppContext,
  actor: CommandContext,
  walletId: number,
): Promise<ExchangeAccount> {
  const { account, relation } = await loadExchangeAccountFor(ctx, actor, walletId);
  const decision = canManageRisk(relation);
  if (!decision.allowed) throw new AppError(decision.code!);
  return account;
}

const storedRule = (rule: RiskRuleInput): StoredRule => ({
  trade_category: rule.trade_category,
  symbols: [...new Set(rule.symbols)],
  max_order_amount: rule.max_order_amount ?? null,
  max_order_usdt: rule.max_order_usdt ?? null,
  buy_limit: rule.buy_limit ?? null,
  sell_limit: rule.sell_limit ?? null,
  buy_limit_usdt: rule.buy_limit_usdt ?? null,
  sell_limit_usdt: rule.sell_limit_usdt ?? null,
  borrow_limit: rule.borrow_limit ?? null,
  contract_lever: rule.contract_lever ?? null,
});

/** A leverage cap belongs to perpetual-type categories (§3: 2, 13, 16, 19) only. */
function assertLeverAllowed(category: number): void {
  if (!PERPETUAL_CATEGORIES.includes(category)) throw new AppError('RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR');
}

/** POST /escrow/risk-control-rules: the account's strategy replaced, in effect at once. */
export async function saveRiskRules(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; tactic_type: number; rules: RiskRuleInput[]; email_code: string },
): Promise<'applied' | 'proposed'> {
  const account = await riskAccount(ctx, actor, input.wallet_id);
  const categories = input.rules.map((rule) => rule.trade_category);
  if (new Set(categories).size !== categories.length)
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'rules' });
  for (const rule of input.rules) if (rule.contract_lever != null) assertLeverAllowed(rule.trade_category);
  const rules = input.rules.map(storedRule);
  return submitRiskChange(ctx, actor, account, input.email_code, {
    operation: 'risk_rules_save',
    change: { tactic_type: input.tactic_type, rules },
  });
}

async function ruleOf(ctx: AppContext, walletId: number, category: number): Promise<StoredRule> {
  const rule = (await findStrategy(ctx.db, walletId))?.rules.find((r) => r.trade_category === category);
  if (!rule) throw new AppError('RISK_CONTROL_RULE_NOT_FOUND_ERROR');
  return rule;
}

/** DELETE /escrow/risk-control-rules: one category's rule goes (its orders are refused from then on). */
export async function deleteRiskRule(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; trade_category: number; email_code: string },
): Promise<'applied' | 'proposed'> {
  const account = await riskAccount(ctx, actor, input.wallet_id);
  const rule = await ruleOf(ctx, account.wallet_id, input.trade_category);
  return submitRiskChange(ctx, actor, account, input.email_code, {
    operation: 'risk_rule_delete',
    change: { rule },
  });
}

/** PATCH /escrow/risk-control-rules/lever: the leverage cap of a perpetual-type category. */
export async function setContractLever(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; trade_category: number; contract_lever: number; email_code: string },
): Promise<'applied' | 'proposed'> {
  const account = await riskAccount(ctx, actor, input.wallet_id);
  assertLeverAllowed(input.trade_category);
  const rule = await ruleOf(ctx, account.wallet_id, input.trade_category);
  return submitRiskChange(ctx, actor, account, input.email_code, {
    operation: 'risk_lever',
    change: { trade_category: input.trade_category, from: rule.contract_lever, to: input.contract_lever },
  });
}

/** GET /escrow/risk-control-rules: the strategy, each rule with what the window has used of it. */
export async function riskRulesView(ctx: AppContext, actor: CommandContext, walletId: number) {
  const { account, relation } = await loadExchangeAccountFor(ctx, actor, walletId);
  const [strategy, settings, latest, approval] = await Promise.all([
    findStrategy(ctx.db, account.wallet_id),
    escrowSettingsOf(ctx.db, account.wallet_id),
    latestChanges(ctx.db, [account.wallet_id]),
    approvalView(ctx.db, account.wallet_id),
  ]);
  const last = latest.get(account.wallet_id);
  const since = new Date(Date.now() - settings.limit_window_hours * HOUR);
  const [rules, pendingChange, editorName] = await Promise.all([
    Promise.all(
      (strategy?.rules ?? []).map(async (rule) => ({
        ...rule,
        used: await usageSince(ctx.db, account.wallet_id, rule.trade_category, since),
      })),
    ),
    pendingChangeView(ctx.db, actor, last, approval, relation),
    strategy?.updated_by ? namesOf(ctx.db, [strategy.updated_by]) : new Map<number, string>(),
  ]);
  const editor = strategy?.updated_by ?? null;
  return {
    wallet_id: account.wallet_id,
    tactic_type: strategy?.tactic_type ?? null,
    status: shownStrategyStatus(last, strategy),
    rules,
    updated_by: editor ? { id: editor, name: editorName.get(editor) ?? String(editor) } : null,
    updated_at: strategy?.updated_at.toISOString() ?? null,
    can_manage: canManageRisk(relation).allowed,
    approval,
    pending_change: pendingChange,
  };
}

/** GET /escrow/risk-control-rules/settings: the limits' window and who the risk-control users are. */
export async function riskSettingsView(ctx: AppContext, actor: CommandContext, walletId: number) {
  const { account } = await loadExchangeAccountFor(ctx, actor, walletId);
  const [settings, users] = await Promise.all([
    escrowSettingsOf(ctx.db, account.wallet_id),
    ctx.db
      .selectFrom('wallet_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.nickname', 'u.email'])
      .where('m.wallet_id', '=', account.wallet_id)
      .where('m.role', '=', 'risk_control')
      .orderBy('u.id')
      .execute(),
  ]);
  return {
    wallet_id: account.wallet_id,
    limit_window_hours: settings.limit_window_hours,
    risk_control_users: users.map((u) => ({ id: u.id, name: u.nickname || u.email })),
    max_risk_control_users: RISK_CONTROL_USERS_MAX,
  };
}

/** POST /escrow/risk-control-rules/settings: the rolling window of the buy/sell limits. */
export async function saveRiskSettings(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; limit_window_hours: number; email_code: string },
): Promise<'applied' | 'proposed'> {
  const account = await riskAccount(ctx, actor, input.wallet_id);
  const before = (await escrowSettingsOf(ctx.db, account.wallet_id)).limit_window_hours;
  return submitRiskChange(ctx, actor, account, input.email_code, {
    operation: 'risk_settings',
    change: { from: before, to: input.limit_window_hours },
  });
}
