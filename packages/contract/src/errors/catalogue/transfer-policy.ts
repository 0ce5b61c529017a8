import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** The transfer policy (issue 21): what a rule refuses, and the maker-checker of its changes. */
export const transferPolicyErrors = {
  TRANSFER_POLICY_BLOCKED_ERROR: defineError(400, 'Error', {
    'en-US': 'The transfer policy blocks this transfer: {rule} ({reason}).',
    'zh-CN': '转账策略禁止此转账：{rule}（{reason}）。',
    'zh-HK': '轉賬策略禁止此轉賬：{rule}（{reason}）。',
  }),
  TRANSFER_POLICY_DELAY_ERROR: defineError(400, 'Notice', {
    'en-US': 'The transfer policy holds this transfer until {until} (UTC). Broadcast it after that.',
    'zh-CN': '转账策略要求此转账等待至 {until}（UTC）后才能广播。',
    'zh-HK': '轉賬策略要求此轉賬等待至 {until}（UTC）後才能廣播。',
  }),
  TRANSFER_POLICY_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'The policy is not valid: {reason}.',
    'zh-CN': '策略无效：{reason}。',
    'zh-HK': '策略無效：{reason}。',
  }),
  TRANSFER_POLICY_CHANGE_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'A policy change is waiting for approval. Wait for it, or revoke it first.',
    'zh-CN': '已有策略变更正在等待审批，请等待或先撤销。',
    'zh-HK': '已有策略變更正在等待審批，請等待或先撤銷。',
  }),
  TRANSFER_POLICY_NO_CHECKER_ERROR: defineError(400, 'Error', {
    'en-US': 'A policy change needs {quorum} other admin(s) to approve it. Invite another admin first.',
    'zh-CN': '策略变更需要 {quorum} 位其他管理员审批，请先邀请其他管理员。',
    'zh-HK': '策略變更需要 {quorum} 位其他管理員審批，請先邀請其他管理員。',
  }),
  TRANSFER_POLICY_CHANGE_NOT_FOUND_ERROR: defineError(404, 'Error', {
    'en-US': 'Policy change not found.',
    'zh-CN': '策略变更不存在。',
    'zh-HK': '找不到策略變更。',
  }),
  TRANSFER_POLICY_CHANGE_DECIDED_ERROR: defineError(400, 'Error', {
    'en-US': 'This policy change was already applied, rejected or revoked.',
    'zh-CN': '该策略变更已生效、被拒绝或已撤销。',
    'zh-HK': '此策略變更已生效、被拒絕或已撤銷。',
  }),
  TRANSFER_POLICY_CHANGE_VOTED_ERROR: defineError(400, 'Error', {
    'en-US': 'You have already approved or rejected this policy change.',
    'zh-CN': '您已审批过该策略变更。',
    'zh-HK': '你已審批過此策略變更。',
  }),
  /** Maker-checker: whoever proposed a change is not one of its checkers. */
  TRANSFER_POLICY_OWN_CHANGE_ERROR: defineError(403, 'Notice', {
    'en-US': 'You proposed this change: another admin must approve it.',
    'zh-CN': '该变更由您提出，需由其他管理员审批。',
    'zh-HK': '此變更由你提出，須由其他管理員審批。',
  }),
} as const satisfies Record<string, ErrorDefinition>;
