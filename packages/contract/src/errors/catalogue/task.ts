import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Task group of §8 (400): revoke, approval and state errors of a transfer task. */
export const taskErrors = {
  TASK_NOT_REVOCABLE_ERROR: defineError(400, 'Error', {
    'en-US': 'This transfer can no longer be revoked.',
    'zh-CN': '该转账已无法撤销。',
    'zh-HK': '此轉賬已無法撤銷。',
  }),
  TASK_ALREADY_REVOKED_ERROR: defineError(400, 'Error', {
    'en-US': 'This transfer has already been revoked.',
    'zh-CN': '该转账已被撤销。',
    'zh-HK': '此轉賬已被撤銷。',
  }),
  TASK_REVOKE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'The transfer to revoke was not found.',
    'zh-CN': '未找到要撤销的转账。',
    'zh-HK': '找不到要撤銷的轉賬。',
  }),
  TASK_REVOKE_UNLOCK_ERROR: defineError(400, 'Error', {
    'en-US': 'The locked balance could not be released. Please try revoking again.',
    'zh-CN': '锁定余额解锁失败，请重新撤销。',
    'zh-HK': '鎖定餘額未能解鎖，請重新撤銷。',
  }),
  TASK_REVOKE_UPDATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to revoke the transfer. Please try again.',
    'zh-CN': '撤销转账失败，请重试。',
    'zh-HK': '撤銷轉賬失敗，請重試。',
  }),
  TASK_ALREADY_APPROVED_ERROR: defineError(400, 'Error', {
    'en-US': 'You have already approved this transfer.',
    'zh-CN': '您已审批通过该转账。',
    'zh-HK': '你已批准此轉賬。',
  }),
  TASK_ALREADY_REJECTED_ERROR: defineError(400, 'Error', {
    'en-US': 'You have already rejected this transfer.',
    'zh-CN': '您已拒绝该转账。',
    'zh-HK': '你已拒絕此轉賬。',
  }),
  TASK_STATUS_ERROR: defineError(400, 'Error', {
    'en-US': "The transfer's current status does not allow this operation.",
    'zh-CN': '转账当前状态不支持此操作。',
    'zh-HK': '轉賬目前的狀態不支援此操作。',
  }),
  TASK_DATA_CHANGED_ERROR: defineError(400, 'Error', {
    'en-US': 'The transfer has changed. Refresh the page and try again.',
    'zh-CN': '转账信息已变更，请刷新页面后重试。',
    'zh-HK': '轉賬資料已變更，請重新整理頁面後再試。',
  }),
  TASK_AMOUNT_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'The transfer amount is invalid.',
    'zh-CN': '转账金额无效。',
    'zh-HK': '轉賬金額無效。',
  }),
  TASK_PRESIGN_MAX_ERROR: defineError(400, 'Error', {
    'en-US': 'You can create at most {max} pre-signed transfers.',
    'zh-CN': '最多可创建 {max} 笔预签名转账。',
    'zh-HK': '最多可建立 {max} 筆預簽名轉賬。',
  }),
} satisfies Record<string, ErrorDefinition>;
