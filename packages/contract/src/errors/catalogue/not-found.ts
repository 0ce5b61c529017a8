import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** 404 group of §8: organization, wallet, address, task, invitation, user, space (and kin). */
export const notFoundErrors = {
  ORGANIZATION_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Space not found.',
    'zh-CN': '空间不存在。',
    'zh-HK': '找不到空間。',
  }),
  SPACE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'This space does not exist or has been dissolved.',
    'zh-CN': '该空间不存在或已解散。',
    'zh-HK': '此空間不存在或已解散。',
  }),
  WALLET_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Wallet not found.',
    'zh-CN': '钱包不存在。',
    'zh-HK': '找不到錢包。',
  }),
  ADDRESS_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Address not found.',
    'zh-CN': '地址不存在。',
    'zh-HK': '找不到地址。',
  }),
  SIGNER_ADDRESS_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Signer address not found.',
    'zh-CN': '签名地址不存在。',
    'zh-HK': '找不到簽名地址。',
  }),
  TASK_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Transfer not found.',
    'zh-CN': '转账不存在。',
    'zh-HK': '找不到轉賬。',
  }),
  INVITATION_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Invitation not found.',
    'zh-CN': '邀请不存在。',
    'zh-HK': '找不到邀請。',
  }),
  USER_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'User not found.',
    'zh-CN': '用户不存在。',
    'zh-HK': '找不到用戶。',
  }),
  MEMBER_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'This member is not in the space.',
    'zh-CN': '该成员不在此空间中。',
    'zh-HK': '此成員不在這個空間內。',
  }),
  TOKEN_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Token not found on this chain.',
    'zh-CN': '在该链上未找到此代币。',
    'zh-HK': '在此鏈上找不到該代幣。',
  }),
  TAG_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Tag not found.',
    'zh-CN': '标签不存在。',
    'zh-HK': '找不到標籤。',
  }),
  PLATFORM_API_KEY_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'API key not found.',
    'zh-CN': 'API Key 不存在。',
    'zh-HK': '找不到 API Key。',
  }),
  NOTIFICATION_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Notification not found.',
    'zh-CN': '通知不存在。',
    'zh-HK': '找不到通知。',
  }),
} satisfies Record<string, ErrorDefinition>;
