import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Dapp group of §8 (400; a missing Dapp is 404). */
export const dappErrors = {
  DAPP_WHITELIST_CONFLICT_ERROR: defineError(400, 'Error', {
    'en-US': 'Whitelist and Dapp cannot be turned on at the same time.',
    'zh-CN': '白名单与 Dapp 不能同时开启。',
    'zh-HK': '白名單與 Dapp 不可同時開啟。',
  }),
  DAPP_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Dapp not found.',
    'zh-CN': 'Dapp 不存在。',
    'zh-HK': '找不到 Dapp。',
  }),
  DAPP_DATA_TIMEOUT_ERROR: defineError(400, 'Error', {
    'en-US': 'The Dapp request has expired. Please start it again from the Dapp.',
    'zh-CN': 'Dapp 请求已超时，请在 Dapp 中重新发起。',
    'zh-HK': 'Dapp 請求已逾時，請在 Dapp 重新發起。',
  }),
  DAPP_TARGET_EOA_ERROR: defineError(400, 'Error', {
    'en-US': 'The target address is an ordinary account, not a contract.',
    'zh-CN': '目标地址是普通账户，而非合约。',
    'zh-HK': '目標地址是普通帳戶，並非合約。',
  }),
  DAPP_APPROVAL_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'Another approval for this token is still in progress.',
    'zh-CN': '该代币的另一笔授权尚未完成。',
    'zh-HK': '此代幣的另一筆授權尚未完成。',
  }),
  DAPP_WALLET_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet does not support Dapps.',
    'zh-CN': '该钱包不支持 Dapp。',
    'zh-HK': '此錢包不支援 Dapp。',
  }),
  DAPP_SPACE_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Dapps are not enabled for this space.',
    'zh-CN': '该空间未开启 Dapp。',
    'zh-HK': '此空間未開啟 Dapp。',
  }),
  DAPP_APPROVE_CANCEL_DUPLICATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Cancelling this approval is already in progress.',
    'zh-CN': '该授权的取消操作已在进行中。',
    'zh-HK': '此授權的取消操作已在進行中。',
  }),
} satisfies Record<string, ErrorDefinition>;
