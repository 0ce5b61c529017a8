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
  RISK_CONTROL_SETTING_IN_PROGRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'The risk-control strategy is still being applied. Please wait.',
    'zh-CN': '风控策略正在设置中，请稍候。',
    'zh-HK': '風控策略正在設定中，請稍候。',
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
