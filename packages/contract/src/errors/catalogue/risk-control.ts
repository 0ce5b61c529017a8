import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/**
 * Exchange risk-control group of §8 (400/404/500). "Max 5 controllers" is
 * LIMIT_RISK_CONTROL_USERS_ERROR in limits.ts.
 */
export const riskControlErrors = {
  RISK_CONTROL_RULE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Risk-control rule not found.',
    'zh-CN': '风控规则不存在。',
    'zh-HK': '找不到風控規則。',
  }),
  RISK_CONTROL_STRATEGY_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This exchange does not support this risk-control strategy.',
    'zh-CN': '该交易所不支持此风控策略。',
    'zh-HK': '此交易所不支援這項風控策略。',
  }),
  /** §4 strategy status 3 "setting": a change waits for its approvers (one at a time). */
  RISK_CONTROL_SETTING_IN_PROGRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'A risk-control change is waiting for approval. Wait for it, or revoke it first.',
    'zh-CN': '已有风控变更正在等待审批，请等待或先撤销。',
    'zh-HK': '已有風控變更正在等待審批，請等待或先撤銷。',
  }),
  RISK_CONTROL_CHANGE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Risk-control change not found.',
    'zh-CN': '风控变更不存在。',
    'zh-HK': '找不到風控變更。',
  }),
  RISK_CONTROL_CHANGE_DECIDED_ERROR: defineError(400, 'Error', {
    'en-US': 'This risk-control change was already applied, rejected or revoked.',
    'zh-CN': '该风控变更已生效、被拒绝或已撤销。',
    'zh-HK': '此風控變更已生效、被拒絕或已撤銷。',
  }),
  RISK_CONTROL_CHANGE_VOTED_ERROR: defineError(400, 'Error', {
    'en-US': 'You have already approved or rejected this risk-control change.',
    'zh-CN': '您已审批过该风控变更。',
    'zh-HK': '你已審批過此風控變更。',
  }),
  /** Maker-checker: whoever proposed a change is not one of its checkers. */
  RISK_CONTROL_OWN_CHANGE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You proposed this change: another approver must approve it.',
    'zh-CN': '该变更由您提出，需由其他审批人审批。',
    'zh-HK': '此變更由你提出，須由其他審批人審批。',
  }),
  RISK_CONTROL_STRATEGY_FAILED_ERROR: defineError(500, 'Error', {
    'en-US': 'The exchange could not apply the risk-control strategy. Try again later.',
    'zh-CN': '交易所未能应用该风控策略，请稍后再试。',
    'zh-HK': '交易所未能套用此風控策略，請稍後再試。',
  }),
  RISK_CONTROL_ORDER_REFUSED_ERROR: defineError(400, 'Error', {
    'en-US': 'The order was refused by the risk-control rules ({reason}).',
    'zh-CN': '订单被风控规则拒绝（{reason}）。',
    'zh-HK': '訂單被風控規則拒絕（{reason}）。',
  }),
  ESCROW_TRADING_KEY_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'Orders need an exchange account added with a trading API key.',
    'zh-CN': '下单需要以交易类 API Key 添加的交易所账户。',
    'zh-HK': '下單需要以交易類 API Key 新增的交易所帳戶。',
  }),
} satisfies Record<string, ErrorDefinition>;
