import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Registration and invitation group of §8 (400). "Space not found" is SPACE_NOT_FOUND_ERROR (404). */
export const registrationErrors = {
  INVALID_EMAIL_ERROR: defineError(400, 'Error', {
    'en-US': 'Please enter a valid e-mail address.',
    'zh-CN': '请输入有效的邮箱地址。',
    'zh-HK': '請輸入有效的電郵地址。',
  }),
  EMAIL_EXISTS_ERROR: defineError(400, 'Error', {
    'en-US': 'This e-mail is already registered.',
    'zh-CN': '该邮箱已被注册。',
    'zh-HK': '此電郵已被註冊。',
  }),
  INVITATION_CODE_ERROR: defineError(400, 'Error', {
    'en-US': 'The invite code is invalid.',
    'zh-CN': '邀请码无效。',
    'zh-HK': '邀請碼無效。',
  }),
  INVITATION_CODE_USED_ERROR: defineError(400, 'Error', {
    'en-US': 'This invite code has already been used.',
    'zh-CN': '该邀请码已被使用。',
    'zh-HK': '此邀請碼已被使用。',
  }),
  SECRET_EXPIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'This link has expired. Please request a new one.',
    'zh-CN': '该链接已失效，请重新获取。',
    'zh-HK': '此連結已失效，請重新索取。',
  }),
  PASSWORD_VALIDATION_ERROR: defineError(400, 'Error', {
    'en-US':
      'The password must be at least 8 characters and include upper- and lower-case letters, a digit and a symbol.',
    'zh-CN': '密码至少 8 位，须包含大写字母、小写字母、数字和特殊符号。',
    'zh-HK': '密碼最少 8 個字元，須包含大楷字母、細楷字母、數字及特殊符號。',
  }),
  REGISTER_ERROR: defineError(400, 'Error', {
    'en-US': 'Registration failed. Please try again.',
    'zh-CN': '注册失败，请重试。',
    'zh-HK': '註冊失敗，請重試。',
  }),
  MEMBER_INVITE_ERROR: defineError(400, 'Error', {
    'en-US': 'The invited user is already a member of this space.',
    'zh-CN': '被邀请的用户已是该空间成员。',
    'zh-HK': '受邀用戶已是此空間的成員。',
  }),
  ORG_JOIN_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to join the space. Please try again.',
    'zh-CN': '加入空间失败，请重试。',
    'zh-HK': '加入空間失敗，請重試。',
  }),
  ORG_JOIN_USER_EXISTS_ERROR: defineError(400, 'Error', {
    'en-US': 'You are already a member of this space.',
    'zh-CN': '您已是该空间成员。',
    'zh-HK': '你已是此空間的成員。',
  }),
  INVITATION_EXPIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'This invitation has expired. Please ask an admin to invite you again.',
    'zh-CN': '邀请已过期，请联系管理员重新邀请。',
    'zh-HK': '邀請已過期，請聯絡管理員重新邀請。',
  }),
  INVITATION_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'This invitation is no longer valid.',
    'zh-CN': '该邀请已失效。',
    'zh-HK': '此邀請已失效。',
  }),
  INVITATION_ALREADY_INVITED_ERROR: defineError(400, 'Error', {
    'en-US': 'This user has already been invited.',
    'zh-CN': '该用户已被邀请。',
    'zh-HK': '此用戶已獲邀請。',
  }),
  REINVITE_ERROR: defineError(400, 'Error', {
    'en-US': 'The invitation could not be sent again.',
    'zh-CN': '无法重新发送邀请。',
    'zh-HK': '無法重新發送邀請。',
  }),
  REINVITE_NOT_ALLOWED_ERROR: defineError(400, 'Error', {
    'en-US': 'Only pending or expired invitations can be sent again.',
    'zh-CN': '只有待加入或已过期的邀请才能重新发送。',
    'zh-HK': '只有待加入或已過期的邀請才可重新發送。',
  }),
  MEMBER_INVITE_MAX_ERROR: defineError(400, 'Error', {
    'en-US': 'You can invite at most {max} people at a time.',
    'zh-CN': '每次最多邀请 {max} 人。',
    'zh-HK': '每次最多邀請 {max} 人。',
  }),
  MEMBER_DELETE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to remove the member. Please try again.',
    'zh-CN': '移除成员失败，请重试。',
    'zh-HK': '移除成員失敗，請重試。',
  }),
  FEATURE_NOT_SUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This feature is not available for this space.',
    'zh-CN': '该空间暂不支持此功能。',
    'zh-HK': '此空間暫不支援這項功能。',
  }),
} satisfies Record<string, ErrorDefinition>;

/** The "Others" list of §8 beside registration (SERVER_UNKNOWN_ERROR lives in core.ts). */
export const generalErrors = {
  RESET_PASSWORD_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to reset the password. Please try again.',
    'zh-CN': '重置密码失败，请重试。',
    'zh-HK': '重設密碼失敗，請重試。',
  }),
  MFA_BIND_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to bind the authenticator. Check the code and try again.',
    'zh-CN': '绑定身份验证器失败，请检查验证码后重试。',
    'zh-HK': '綁定驗證器失敗，請檢查驗證碼後再試。',
  }),
  MFA_RESET_WAITING_ERROR: defineError(409, 'Alert', {
    'en-US': 'The waiting period before the authenticator can be removed is not over yet.',
    'zh-CN': '解绑身份验证器的等待期尚未结束。',
    'zh-HK': '解除綁定驗證器的等待期尚未結束。',
  }),
  MFA_RESET_NOT_REQUESTED_ERROR: defineError(409, 'Error', {
    'en-US': 'No removal of the authenticator is waiting.',
    'zh-CN': '没有待完成的身份验证器解绑申请。',
    'zh-HK': '沒有待完成的驗證器解除綁定申請。',
  }),
  WALLET_CREATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to create the wallet. Please try again.',
    'zh-CN': '创建钱包失败，请重试。',
    'zh-HK': '建立錢包失敗，請重試。',
  }),
  FEE_RATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to get the network fee. Please try again.',
    'zh-CN': '获取网络手续费失败，请重试。',
    'zh-HK': '取得網絡手續費失敗，請重試。',
  }),
  ORG_SWITCH_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to switch space. Please try again.',
    'zh-CN': '切换空间失败，请重试。',
    'zh-HK': '切換空間失敗，請重試。',
  }),
  DATA_INSERT_ERROR: defineError(500, 'Error', {
    'en-US': 'Failed to save the data. Please try again later.',
    'zh-CN': '数据保存失败，请稍后再试。',
    'zh-HK': '資料儲存失敗，請稍後再試。',
  }),
  DATA_UPDATE_ERROR: defineError(500, 'Error', {
    'en-US': 'Failed to update the data. Please try again later.',
    'zh-CN': '数据更新失败，请稍后再试。',
    'zh-HK': '資料更新失敗，請稍後再試。',
  }),
  DATA_DELETE_ERROR: defineError(500, 'Error', {
    'en-US': 'Failed to delete the data. Please try again later.',
    'zh-CN': '数据删除失败，请稍后再试。',
    'zh-HK': '資料刪除失敗，請稍後再試。',
  }),
} satisfies Record<string, ErrorDefinition>;
