import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Signing group of §8 (400). */
export const signingErrors = {
  SIGNATURE_BUILDING_ERROR: defineError(400, 'Error', {
    'en-US': 'The transaction to sign is still being prepared. Please wait a moment.',
    'zh-CN': '待签名交易正在生成中，请稍候。',
    'zh-HK': '待簽名交易正在準備中，請稍候。',
  }),
  SIGNATURE_EMPTY_ERROR: defineError(400, 'Error', {
    'en-US': 'The signature is empty.',
    'zh-CN': '签名不能为空。',
    'zh-HK': '簽名不可為空。',
  }),
  SIGNATURE_VERIFY_ERROR: defineError(400, 'Error', {
    'en-US': 'Signature verification failed.',
    'zh-CN': '签名校验失败。',
    'zh-HK': '簽名驗證失敗。',
  }),
  SIGNATURE_DUPLICATE_ERROR: defineError(400, 'Error', {
    'en-US': 'This signer has already signed the transfer.',
    'zh-CN': '该签名人已签署此转账。',
    'zh-HK': '此簽名人已簽署該轉賬。',
  }),
  SIGNATURE_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'The signature is invalid.',
    'zh-CN': '签名无效。',
    'zh-HK': '簽名無效。',
  }),
  SIGNATURE_SIGNER_NOT_MATCHED_ERROR: defineError(400, 'Error', {
    'en-US': 'The signing address is not a signer of this wallet.',
    'zh-CN': '签名地址不是该钱包的签名人。',
    'zh-HK': '簽名地址不是此錢包的簽名人。',
  }),
  SIGNATURE_CHAIN_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Signing is not supported on this chain.',
    'zh-CN': '该链暂不支持签名。',
    'zh-HK': '此鏈暫不支援簽名。',
  }),
  SIGNATURE_TASK_STATUS_ERROR: defineError(400, 'Error', {
    'en-US': 'This transfer is not waiting for signatures.',
    'zh-CN': '该转账当前不在待签名状态。',
    'zh-HK': '此轉賬目前不在待簽名狀態。',
  }),
  SIGNATURE_NOT_SIGNED_ERROR: defineError(400, 'Error', {
    'en-US': 'The transfer has not collected enough signatures yet.',
    'zh-CN': '该转账尚未收集足够的签名。',
    'zh-HK': '此轉賬尚未收集足夠的簽名。',
  }),
} satisfies Record<string, ErrorDefinition>;
