import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Exchange account group of §8 (400; a missing API is 404). Too many keys is LIMIT_EXCHANGE_APIS_ERROR. */
export const exchangeErrors = {
  EXCHANGE_INFO_NOT_EDITABLE_ERROR: defineError(400, 'Error', {
    'en-US': 'This exchange information cannot be edited.',
    'zh-CN': '该交易所信息不可编辑。',
    'zh-HK': '此交易所資料不可編輯。',
  }),
  EXCHANGE_VIEWERS_LIMIT_ERROR: defineError(400, 'Error', {
    'en-US': 'An exchange account can have at most {max} viewers.',
    'zh-CN': '每个交易所账户最多 {max} 名查看者。',
    'zh-HK': '每個交易所帳戶最多 {max} 名檢視者。',
  }),
  EXCHANGE_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This exchange is not supported.',
    'zh-CN': '暂不支持该交易所。',
    'zh-HK': '暫不支援此交易所。',
  }),
  EXCHANGE_AUTH_ERROR: defineError(400, 'Error', {
    'en-US': 'The exchange rejected the API credentials. Check the key, secret and passphrase.',
    'zh-CN': '交易所 API 验证失败，请检查 Key、Secret 和密码短语。',
    'zh-HK': '交易所 API 驗證失敗，請檢查 Key、Secret 及密碼短語。',
  }),
  EXCHANGE_READ_ONLY_API_ERROR: defineError(400, 'Error', {
    'en-US': 'Only read-only API keys can be imported.',
    'zh-CN': '仅支持导入只读权限的 API Key。',
    'zh-HK': '只支援匯入唯讀權限的 API Key。',
  }),
  EXCHANGE_API_EXISTS_ERROR: defineError(400, 'Error', {
    'en-US': 'This API key has already been added.',
    'zh-CN': '该 API Key 已添加。',
    'zh-HK': '此 API Key 已新增。',
  }),
  EXCHANGE_API_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Exchange API not found.',
    'zh-CN': '交易所 API 不存在。',
    'zh-HK': '找不到交易所 API。',
  }),
  EXCHANGE_PASSPHRASE_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'This exchange requires an API passphrase.',
    'zh-CN': '该交易所需要填写 API 密码短语。',
    'zh-HK': '此交易所需要填寫 API 密碼短語。',
  }),
  EXCHANGE_IP_WHITELIST_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This exchange does not support an IP whitelist.',
    'zh-CN': '该交易所不支持 IP 白名单。',
    'zh-HK': '此交易所不支援 IP 白名單。',
  }),
  EXCHANGE_CONNECT_TEST_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'Please run the connectivity test first.',
    'zh-CN': '请先完成连接测试。',
    'zh-HK': '請先完成連線測試。',
  }),
  EXCHANGE_CONNECT_TEST_FAILED_ERROR: defineError(400, 'Error', {
    'en-US': 'The connectivity test failed. Check the API, network and permissions.',
    'zh-CN': '连接测试失败，请检查 API、网络和权限。',
    'zh-HK': '連線測試失敗，請檢查 API、網絡及權限。',
  }),
} satisfies Record<string, ErrorDefinition>;
