import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/**
 * VIP (subscription) and payment-address group of §8. The extension permission error is
 * PERMISSION_VIP_EXTENSION_ERROR (403) in permission.ts.
 */
export const vipPaymentErrors = {
  VIP_EXTENSION_USED_ERROR: defineError(400, 'Error', {
    'en-US': 'The 3-day extension has already been used for this plan.',
    'zh-CN': '该套餐的 3 天延期已使用过。',
    'zh-HK': '此計劃的 3 日延期已使用。',
  }),
  VIP_PAYMENT_METHOD_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This payment method is not supported. Pay with USDT (ERC20 or TRC20) or by card.',
    'zh-CN': '不支持该支付方式，请使用 USDT（ERC20 或 TRC20）或银行卡支付。',
    'zh-HK': '不支援此付款方式，請以 USDT（ERC20 或 TRC20）或信用卡付款。',
  }),
  VIP_PAYMENT_CHAIN_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Subscriptions can only be paid on Ethereum (ERC20) or Tron (TRC20).',
    'zh-CN': '订阅仅支持通过以太坊 (ERC20) 或波场 (TRC20) 支付。',
    'zh-HK': '訂閱只支援透過以太坊 (ERC20) 或波場 (TRC20) 付款。',
  }),
  VIP_DEPOSIT_ADDRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'The payment address is unavailable right now. Please try again later.',
    'zh-CN': '收款地址暂不可用，请稍后再试。',
    'zh-HK': '收款地址暫時無法使用，請稍後再試。',
  }),
  VIP_EXPIRED_WALLETS_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'Your plan has expired. Choose which wallets to keep within the free plan first.',
    'zh-CN': '套餐已到期，请先选择在免费版中保留的钱包。',
    'zh-HK': '計劃已到期，請先選擇在免費版中保留的錢包。',
  }),
  VIP_PACKAGE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Plan not found.',
    'zh-CN': '套餐不存在。',
    'zh-HK': '找不到計劃。',
  }),
  VIP_ORDER_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Order not found.',
    'zh-CN': '订单不存在。',
    'zh-HK': '找不到訂單。',
  }),
  VIP_PAYMENT_PROVIDER_ERROR: defineError(400, 'Error', {
    'en-US': 'Payment failed. Please retry.',
    'zh-CN': '支付失败，请重试。',
    'zh-HK': '付款失敗，請重試。',
  }),
  VIP_PLAN_LIMIT_EXCEEDED_ERROR: defineError(400, 'Notice', {
    'en-US': 'This exceeds the limits of your current plan. Upgrade to continue.',
    'zh-CN': '已超出当前套餐的数量限制，请升级后继续。',
    'zh-HK': '已超出目前計劃的數量上限，請升級後繼續。',
  }),
  PAYMENT_ADDRESS_CREATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to create the payment address. Please try again.',
    'zh-CN': '创建代付地址失败，请重试。',
    'zh-HK': '建立代付地址失敗，請重試。',
  }),
  PAYMENT_LOCK_ERROR: defineError(400, 'Error', {
    'en-US': 'The payment address is busy. Please try again shortly.',
    'zh-CN': '代付地址正忙，请稍后重试。',
    'zh-HK': '代付地址正忙碌，請稍後再試。',
  }),
  PAYMENT_REFUND_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'A refund is already in progress.',
    'zh-CN': '已有退款正在处理中。',
    'zh-HK': '已有退款正在處理中。',
  }),
  PAYMENT_REFUND_FEE_ESTIMATE_ERROR: defineError(400, 'Error', {
    'en-US': 'The refund fee could not be estimated. Please try again.',
    'zh-CN': '无法预估退款手续费，请重试。',
    'zh-HK': '無法預估退款手續費，請重試。',
  }),
  PAYMENT_DISABLED_ERROR: defineError(400, 'Error', {
    'en-US': 'Payment addresses are not enabled for this space.',
    'zh-CN': '该空间未开启代付地址功能。',
    'zh-HK': '此空間未開啟代付地址功能。',
  }),
  PAYMENT_EVM_ONLY_ERROR: defineError(400, 'Error', {
    'en-US': 'Only EVM wallets can use this payment setting.',
    'zh-CN': '仅 EVM 钱包可使用该代付设置。',
    'zh-HK': '只有 EVM 錢包可使用此代付設定。',
  }),
} satisfies Record<string, ErrorDefinition>;
