import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Wallet group of §8 (400), with the import and setup rules of §4/§5 it enforces. */
export const walletErrors = {
  WALLET_EXISTS_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet already exists.',
    'zh-CN': '该钱包已存在。',
    'zh-HK': '此錢包已存在。',
  }),
  WALLET_APPROVE_THRESHOLD_ERROR: defineError(400, 'Error', {
    'en-US': 'The approval threshold cannot be greater than the number of approvers.',
    'zh-CN': '审批阈值不能大于审批人数。',
    'zh-HK': '審批門檻不可多於審批人數。',
  }),
  SIGNER_NOT_VERIFIED_ERROR: defineError(400, 'Error', {
    'en-US': 'A signer address has not been verified yet.',
    'zh-CN': '存在尚未验证的签名地址。',
    'zh-HK': '有簽名地址尚未完成驗證。',
  }),
  SIGNER_NOT_IN_ORG_ERROR: defineError(400, 'Error', {
    'en-US': 'A signer is not a member of this space.',
    'zh-CN': '存在不属于该空间的签名人。',
    'zh-HK': '有簽名人不屬於此空間。',
  }),
  THRESHOLD_MISMATCH_ERROR: defineError(400, 'Error', {
    'en-US': 'The signing threshold must be greater than 1 and not more than the number of signers.',
    'zh-CN': '签名阈值必须大于 1 且不超过签名人数。',
    'zh-HK': '簽名門檻必須大於 1 並且不多於簽名人數。',
  }),
  SIGNER_WEIGHT_THRESHOLD_ERROR: defineError(400, 'Error', {
    'en-US': "The signers' total weight must reach the threshold.",
    'zh-CN': '签名人权重之和必须达到阈值。',
    'zh-HK': '簽名人權重總和必須達到門檻。',
  }),
  WALLET_OPERATOR_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'A wallet needs at least one operator.',
    'zh-CN': '钱包至少需要一名操作员。',
    'zh-HK': '錢包最少需要一名操作員。',
  }),
  WALLET_HARDWARE_MIX_ERROR: defineError(400, 'Error', {
    'en-US': 'LTC and BCH multisig wallets cannot mix Ledger signers with Trezor or OneKey signers.',
    'zh-CN': 'LTC 和 BCH 多签钱包不能同时使用 Ledger 与 Trezor 或 OneKey 签名人。',
    'zh-HK': 'LTC 及 BCH 多簽錢包不可同時使用 Ledger 與 Trezor 或 OneKey 簽名人。',
  }),
  WALLET_DELETE_TASKS_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet has ongoing transfers and cannot be deleted.',
    'zh-CN': '该钱包有进行中的转账，无法删除。',
    'zh-HK': '此錢包有進行中的轉賬，無法刪除。',
  }),
  WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Multi-signature wallets cannot be deleted. Archive the wallet instead.',
    'zh-CN': '多签钱包不支持删除，请改为归档。',
    'zh-HK': '多簽錢包不支援刪除，請改為封存。',
  }),
  WALLET_APPROVER_EDIT_BLOCKED_ERROR: defineError(400, 'Error', {
    'en-US': 'Approvers cannot be changed while transfers are awaiting approval.',
    'zh-CN': '有转账正在审批中，暂不能修改审批人。',
    'zh-HK': '有轉賬正在審批中，暫時不可修改審批人。',
  }),
  WALLET_INIT_TASK_EXISTS_ERROR: defineError(400, 'Error', {
    'en-US': 'An initialization transfer has already been created for this wallet.',
    'zh-CN': '该钱包已创建初始化交易。',
    'zh-HK': '此錢包已建立初始化交易。',
  }),
  WALLET_STATUS_ERROR: defineError(400, 'Error', {
    'en-US': "The wallet's current status does not allow this operation.",
    'zh-CN': '钱包当前状态不支持此操作。',
    'zh-HK': '錢包目前的狀態不支援此操作。',
  }),
  WALLET_ARCHIVED_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet has been archived and can no longer be used.',
    'zh-CN': '该钱包已归档，无法再使用。',
    'zh-HK': '此錢包已封存，無法再使用。',
  }),
  WALLET_RECOVERY_PENDING_ERROR: defineError(400, 'Error', {
    'en-US': 'A recovery is pending for this wallet; other actions are blocked until it finishes.',
    'zh-CN': '该钱包有待处理的恢复流程，完成前无法进行其他操作。',
    'zh-HK': '此錢包有待處理的復原程序，完成前無法進行其他操作。',
  }),
  WALLET_RECOVERY_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': "Emergency recovery is not available for this wallet's chain.",
    'zh-CN': '该钱包所在的链暂不支持紧急恢复。',
    'zh-HK': '此錢包所在的鏈暫不支援緊急復原。',
  }),
  WALLET_RECOVERY_STATE_ERROR: defineError(400, 'Error', {
    'en-US': "This is not possible in the wallet's current emergency recovery state.",
    'zh-CN': '钱包当前的紧急恢复状态不允许此操作。',
    'zh-HK': '錢包目前的緊急復原狀態不允許此操作。',
  }),
  WALLET_RECOVERY_DELAY_ERROR: defineError(400, 'Error', {
    'en-US': "The recovery's waiting period has not ended yet.",
    'zh-CN': '恢复的等待期尚未结束。',
    'zh-HK': '復原的等待期尚未結束。',
  }),
  INHERITANCE_STATE_ERROR: defineError(400, 'Error', {
    'en-US': "This is not possible in the inheritance's current state.",
    'zh-CN': '当前的继承状态不允许此操作。',
    'zh-HK': '目前的繼承狀態不允許此操作。',
  }),
  INHERITANCE_NOT_YET_ERROR: defineError(400, 'Error', {
    'en-US': 'The succession opens only after {days} days without sign-in by the wallet owner.',
    'zh-CN': '钱包所有者连续 {days} 天未登录后，继承流程才会开启。',
    'zh-HK': '錢包擁有者連續 {days} 天未登入後，繼承流程才會開啟。',
  }),
  SMALL_AMOUNT_TEST_STATUS_ERROR: defineError(400, 'Error', {
    'en-US': "A small-amount test is not possible in the wallet's current status.",
    'zh-CN': '钱包当前状态无法进行小额测试。',
    'zh-HK': '錢包目前的狀態無法進行小額測試。',
  }),
  TAPROOT_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Taproot addresses are not supported.',
    'zh-CN': '暂不支持 Taproot 地址。',
    'zh-HK': '暫不支援 Taproot 地址。',
  }),
  WALLET_CHAIN_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This chain is not supported.',
    'zh-CN': '暂不支持该链。',
    'zh-HK': '暫不支援此鏈。',
  }),
  WALLET_ADDRESS_IN_OTHER_SPACE_ERROR: defineError(400, 'Error', {
    'en-US': 'This address is already used in another space.',
    'zh-CN': '该地址已在其他空间中使用。',
    'zh-HK': '此地址已在其他空間使用。',
  }),
  WALLET_CONTRACT_ADDRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'Contract addresses cannot be imported.',
    'zh-CN': '不能导入合约地址。',
    'zh-HK': '不可匯入合約地址。',
  }),
  WALLET_MULTISIG_ADDRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'Multi-signature addresses cannot be imported as single-signature wallets.',
    'zh-CN': '多签地址不能作为单签钱包导入。',
    'zh-HK': '多簽地址不可作為單簽錢包匯入。',
  }),
  WALLET_ADDRESS_FORMAT_ERROR: defineError(400, 'Error', {
    'en-US': 'Only legacy-format addresses can be imported on this chain.',
    'zh-CN': '该链仅支持导入 Legacy 格式地址。',
    'zh-HK': '此鏈只支援匯入 Legacy 格式地址。',
  }),
  SIGNER_ADDRESS_VERIFY_ERROR: defineError(400, 'Error', {
    'en-US': 'Address verification failed: the signed message does not match this address.',
    'zh-CN': '地址验证失败：签名消息与该地址不匹配。',
    'zh-HK': '地址驗證失敗：簽署的訊息與此地址不相符。',
  }),
  SIGNER_ADDRESS_IN_USE_ERROR: defineError(400, 'Error', {
    'en-US': 'This signer address is used by a wallet and cannot be deleted.',
    'zh-CN': '该签名地址正被钱包使用，无法删除。',
    'zh-HK': '此簽名地址正被錢包使用，無法刪除。',
  }),
  WHITELIST_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'Turn on the whitelist for this wallet before adding addresses.',
    'zh-CN': '请先为该钱包开启白名单，再添加地址。',
    'zh-HK': '請先為此錢包開啟白名單，再新增地址。',
  }),
  TRON_PERMISSION_KEYS_ERROR: defineError(400, 'Error', {
    'en-US': 'A Tron wallet can have at most 5 signers (a Tron permission holds at most 5 keys).',
    'zh-CN': 'Tron 钱包最多 5 名签名人（Tron 权限最多包含 5 个密钥）。',
    'zh-HK': 'Tron 錢包最多 5 名簽名人（Tron 權限最多包含 5 個密鑰）。',
  }),
  XRP_SIGNER_LIST_KEYS_ERROR: defineError(400, 'Error', {
    'en-US': 'An XRP wallet can have at most 32 signers (an XRP Ledger signer list holds at most 32).',
    'zh-CN': 'XRP 钱包最多 32 名签名人（XRP 账本签名人列表最多 32 个）。',
    'zh-HK': 'XRP 錢包最多 32 名簽名人（XRP 帳本簽名人列表最多 32 個）。',
  }),
  XRP_SIGNER_OWN_ACCOUNT_ERROR: defineError(400, 'Error', {
    'en-US': "The wallet's own account cannot be one of its signers.",
    'zh-CN': '钱包自身的账户不能作为其签名人。',
    'zh-HK': '錢包本身的帳戶不可作為其簽名人。',
  }),
  TRON_ACTIVATION_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'This Tron wallet needs a TRX top-up to be activated first.',
    'zh-CN': '该 Tron 钱包需先充值 TRX 激活。',
    'zh-HK': '此 Tron 錢包需先增值 TRX 以啟用。',
  }),
} satisfies Record<string, ErrorDefinition>;
