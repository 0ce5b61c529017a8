import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Limit group of §8 (400, Notice): "too many …" plus the limit modals. {max} is the limit. */
export const limitErrors = {
  LIMIT_SPACES_ERROR: defineError(400, 'Notice', {
    'en-US': 'You have reached the maximum of {max} spaces.',
    'zh-CN': '空间数量已达上限（{max} 个）。',
    'zh-HK': '空間數量已達上限（{max} 個）。',
  }),
  LIMIT_WALLETS_ERROR: defineError(400, 'Notice', {
    'en-US': 'This space has reached its limit of {max} wallets.',
    'zh-CN': '该空间的钱包数量已达上限（{max} 个）。',
    'zh-HK': '此空間的錢包數量已達上限（{max} 個）。',
  }),
  LIMIT_OPERATORS_ERROR: defineError(400, 'Notice', {
    'en-US': 'A wallet can have at most {max} operators.',
    'zh-CN': '每个钱包最多 {max} 名操作员。',
    'zh-HK': '每個錢包最多 {max} 名操作員。',
  }),
  LIMIT_APPROVERS_ERROR: defineError(400, 'Notice', {
    'en-US': 'A wallet can have at most {max} approvers.',
    'zh-CN': '每个钱包最多 {max} 名审批人。',
    'zh-HK': '每個錢包最多 {max} 名審批人。',
  }),
  LIMIT_VIEWERS_ERROR: defineError(400, 'Notice', {
    'en-US': 'A wallet can have at most {max} viewers.',
    'zh-CN': '每个钱包最多 {max} 名查看者。',
    'zh-HK': '每個錢包最多 {max} 名檢視者。',
  }),
  LIMIT_SIGNERS_ERROR: defineError(400, 'Notice', {
    'en-US': 'A multi-signature wallet on this chain can have at most {max} signers.',
    'zh-CN': '该链的多签钱包最多 {max} 名签名人。',
    'zh-HK': '此鏈的多簽錢包最多 {max} 名簽名人。',
  }),
  LIMIT_INVITEES_ERROR: defineError(400, 'Notice', {
    'en-US': 'You can have at most {max} pending invitations.',
    'zh-CN': '待接受的邀请最多 {max} 个。',
    'zh-HK': '待接受的邀請最多 {max} 個。',
  }),
  LIMIT_PAYMENT_ADDRESSES_ERROR: defineError(400, 'Notice', {
    'en-US': 'This space has reached its limit of {max} payment addresses.',
    'zh-CN': '该空间的代付地址数量已达上限（{max} 个）。',
    'zh-HK': '此空間的代付地址數量已達上限（{max} 個）。',
  }),
  LIMIT_EXCHANGE_APIS_ERROR: defineError(400, 'Notice', {
    'en-US': 'This space has reached its limit of {max} exchange APIs.',
    'zh-CN': '该空间的交易所 API 数量已达上限（{max} 个）。',
    'zh-HK': '此空間的交易所 API 數量已達上限（{max} 個）。',
  }),
  LIMIT_EXCHANGE_PLATFORM_API_ERROR: defineError(400, 'Notice', {
    'en-US': 'Only one valid API is allowed per exchange platform.',
    'zh-CN': '每个交易平台仅允许一个有效的 API。',
    'zh-HK': '每個交易平台只容許一個有效的 API。',
  }),
  LIMIT_PLATFORM_API_KEYS_ERROR: defineError(400, 'Notice', {
    'en-US': 'This wallet has reached its limit of {max} platform API keys.',
    'zh-CN': '该钱包的平台 API Key 数量已达上限（{max} 个）。',
    'zh-HK': '此錢包的平台 API Key 數量已達上限（{max} 個）。',
  }),
  LIMIT_RISK_CONTROL_USERS_ERROR: defineError(400, 'Notice', {
    'en-US': 'At most {max} risk-control users are allowed.',
    'zh-CN': '风控人员最多 {max} 名。',
    'zh-HK': '風控人員最多 {max} 名。',
  }),
  LIMIT_ADMINS_ERROR: defineError(400, 'Notice', {
    'en-US': 'This space has reached its limit of {max} admins.',
    'zh-CN': '该空间的管理员数量已达上限（{max} 名）。',
    'zh-HK': '此空間的管理員數量已達上限（{max} 名）。',
  }),
  LIMIT_MEMBERS_ERROR: defineError(400, 'Notice', {
    'en-US': 'This space has reached its limit of {max} members. Upgrade your plan to add more.',
    'zh-CN': '该空间的成员数量已达上限（{max} 名），请升级套餐以添加更多成员。',
    'zh-HK': '此空間的成員數量已達上限（{max} 名），請升級計劃以新增更多成員。',
  }),
  LIMIT_CHAIN_ERROR: defineError(400, 'Notice', {
    'en-US': 'Your plan does not include this chain. Upgrade to use it.',
    'zh-CN': '当前套餐不包含该链，请升级后使用。',
    'zh-HK': '目前計劃不包括此鏈，請升級後使用。',
  }),
  LIMIT_TRIAL_ERROR: defineError(400, 'Notice', {
    'en-US':
      'The trial edition allows up to 3 wallets and 1 exchange API on testnet. Switch to the full edition for more.',
    'zh-CN': '体验版仅支持测试网，最多 3 个钱包和 1 个交易所 API，如需更多请切换到正式版。',
    'zh-HK': '體驗版只支援測試網，最多 3 個錢包及 1 個交易所 API，如需更多請轉用正式版。',
  }),
} satisfies Record<string, ErrorDefinition>;
