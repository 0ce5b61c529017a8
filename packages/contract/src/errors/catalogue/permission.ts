import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** 403 permission group of §8: one code per action of §6, plus per-object update/delete. */
export const permissionErrors = {
  /** A paired phone's session only lists, shows and signs tasks (§1 companion signer). */
  PHONE_SESSION_SCOPE_ERROR: defineError(403, 'Notice', {
    'en-US': 'A paired phone can only sign. Do this on the desktop.',
    'zh-CN': '已配对的手机只能签名，请在电脑上操作。',
    'zh-HK': '已配對的手機只能簽名，請在電腦上操作。',
  }),
  PERMISSION_INVITE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to invite members.',
    'zh-CN': '您没有邀请成员的权限。',
    'zh-HK': '你沒有邀請成員的權限。',
  }),
  PERMISSION_CREATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to create this.',
    'zh-CN': '您没有创建权限。',
    'zh-HK': '你沒有建立權限。',
  }),
  PERMISSION_DELETE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to delete this.',
    'zh-CN': '您没有删除权限。',
    'zh-HK': '你沒有刪除權限。',
  }),
  PERMISSION_UPDATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to change this.',
    'zh-CN': '您没有修改权限。',
    'zh-HK': '你沒有修改權限。',
  }),
  PERMISSION_VIEW_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to view this.',
    'zh-CN': '您没有查看权限。',
    'zh-HK': '你沒有檢視權限。',
  }),
  PERMISSION_WALLET_OPERATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You are not an operator of this wallet.',
    'zh-CN': '您不是该钱包的操作员。',
    'zh-HK': '你不是此錢包的操作員。',
  }),
  PERMISSION_WALLET_DEPLOY_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to deploy this wallet.',
    'zh-CN': '您没有部署该钱包的权限。',
    'zh-HK': '你沒有部署此錢包的權限。',
  }),
  PERMISSION_SPACE_MANAGE_ERROR: defineError(403, 'Notice', {
    'en-US': 'Only space admins can manage the space.',
    'zh-CN': '只有空间管理员才能管理空间。',
    'zh-HK': '只有空間管理員才可管理空間。',
  }),
  PERMISSION_CREATOR_TRANSFER_ERROR: defineError(403, 'Notice', {
    'en-US': 'Only the space creator can hand over the creator role.',
    'zh-CN': '只有空间创建者才能转让创建者身份。',
    'zh-HK': '只有空間建立者才可轉讓建立者身分。',
  }),
  PERMISSION_REVOKE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to revoke this transfer.',
    'zh-CN': '您没有撤销该转账的权限。',
    'zh-HK': '你沒有撤銷此轉賬的權限。',
  }),
  PERMISSION_APPROVE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You are not an approver of this transfer.',
    'zh-CN': '您不是该转账的审批人。',
    'zh-HK': '你不是此轉賬的審批人。',
  }),
  PERMISSION_BROADCAST_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to broadcast this transfer.',
    'zh-CN': '您没有广播该转账的权限。',
    'zh-HK': '你沒有廣播此轉賬的權限。',
  }),
  PERMISSION_VIP_EXTENSION_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to request a plan extension.',
    'zh-CN': '您没有申请套餐延期的权限。',
    'zh-HK': '你沒有申請計劃延期的權限。',
  }),
  PERMISSION_RISK_CONTROL_ERROR: defineError(403, 'Notice', {
    'en-US': 'Only risk-control users can manage risk-control rules.',
    'zh-CN': '只有风控人员才能管理风控规则。',
    'zh-HK': '只有風控人員才可管理風控規則。',
  }),
  PERMISSION_EXCHANGE_MANAGE_ERROR: defineError(403, 'Notice', {
    'en-US': 'Only admins can manage exchange accounts.',
    'zh-CN': '只有管理员才能管理交易所账户。',
    'zh-HK': '只有管理員才可管理交易所帳戶。',
  }),
  PERMISSION_ADDRESS_BOOK_ADD_ERROR: defineError(403, 'Notice', {
    'en-US': 'Only admins can add addresses. Please ask an admin.',
    'zh-CN': '只有管理员才能添加地址，请联系管理员。',
    'zh-HK': '只有管理員才可新增地址，請聯絡管理員。',
  }),
  PERMISSION_ADVANCED_SEARCH_ERROR: defineError(403, 'Notice', {
    'en-US': 'Advanced search is available to admins only.',
    'zh-CN': '高级搜索仅对管理员开放。',
    'zh-HK': '進階搜尋只限管理員使用。',
  }),
  PERMISSION_ADDRESS_UPDATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to change this address.',
    'zh-CN': '您没有修改该地址的权限。',
    'zh-HK': '你沒有修改此地址的權限。',
  }),
  PERMISSION_ADDRESS_DELETE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to delete this address.',
    'zh-CN': '您没有删除该地址的权限。',
    'zh-HK': '你沒有刪除此地址的權限。',
  }),
  PERMISSION_WALLET_UPDATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to change this wallet.',
    'zh-CN': '您没有修改该钱包的权限。',
    'zh-HK': '你沒有修改此錢包的權限。',
  }),
  PERMISSION_WALLET_DELETE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to delete this wallet.',
    'zh-CN': '您没有删除该钱包的权限。',
    'zh-HK': '你沒有刪除此錢包的權限。',
  }),
  PERMISSION_TASK_UPDATE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to change this transfer.',
    'zh-CN': '您没有修改该转账的权限。',
    'zh-HK': '你沒有修改此轉賬的權限。',
  }),
  PERMISSION_TASK_DELETE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You do not have permission to delete this transfer.',
    'zh-CN': '您没有删除该转账的权限。',
    'zh-HK': '你沒有刪除此轉賬的權限。',
  }),
  PERMISSION_MEMBER_SCOPE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You can only change wallet permissions within your own scope.',
    'zh-CN': '您只能在自己的权限范围内修改钱包权限。',
    'zh-HK': '你只可在自己的權限範圍內修改錢包權限。',
  }),
  PERMISSION_CREATOR_DELETE_ERROR: defineError(403, 'Notice', {
    'en-US': 'The space creator cannot be removed.',
    'zh-CN': '空间创建者不能被移除。',
    'zh-HK': '空間建立者不可被移除。',
  }),
  PERMISSION_FORCE_LOGOUT_SELF_ERROR: defineError(403, 'Notice', {
    'en-US': 'You cannot force yourself to log out.',
    'zh-CN': '不能强制自己下线。',
    'zh-HK': '不可強制自己登出。',
  }),
  PERMISSION_INVITEE_MISMATCH_ERROR: defineError(403, 'Notice', {
    'en-US': 'Please log in with the invited account to accept this invitation.',
    'zh-CN': '请使用被邀请的账号登录后再接受邀请。',
    'zh-HK': '請以受邀帳戶登入後再接受邀請。',
  }),
  PERMISSION_MFA_REQUIRED_ERROR: defineError(403, 'Notice', {
    'en-US': 'Bind an authenticator before creating a space.',
    'zh-CN': '创建空间前请先绑定身份验证器。',
    'zh-HK': '建立空間前請先綁定驗證器。',
  }),
  PERMISSION_PAID_PLAN_ERROR: defineError(403, 'Notice', {
    'en-US': 'This feature needs a paid plan. Please upgrade.',
    'zh-CN': '该功能需要付费套餐，请升级。',
    'zh-HK': '此功能需要付費計劃，請升級。',
  }),
  MEMBER_BLOCKED_ERROR: defineError(403, 'Notice', {
    'en-US': 'Your account has been blocked in this space.',
    'zh-CN': '您的账号已被该空间禁用。',
    'zh-HK': '你的帳戶已被此空間停用。',
  }),
} satisfies Record<string, ErrorDefinition>;
