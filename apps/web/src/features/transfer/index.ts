/** What other parts of the app may use from the transfer feature. */
export { useTaskInfo, useTransferList, type TransferListQuery } from './api/transfer-queries';
export { TaskStatusTag, TokenAmount } from './components/transfer-bits';
export type { TransferListItem, TransferPage } from './api/types';
export { ApprovalMfa, approvalGate } from './components/detail/approval-mfa';
export { ApprovalTaskLine, approvalTaskOf } from './components/approval-task';
export { RecoveryTaskLine, recoveryTaskOf } from './components/recovery-task';
export { MessageTaskLine, messageTaskOf } from './components/message-task';
export { FeeTierChoice } from './components/wizard/fee-tier-choice';
export { GWEI_PATTERN } from './components/wizard/fee-picker';
