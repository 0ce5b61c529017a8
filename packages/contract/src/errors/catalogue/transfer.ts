import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/** Transfer and broadcast group of §8 (400), with the transfer rules of §5. */
export const transferErrors = {
  TRANSFER_BALANCE_INSUFFICIENT_ERROR: defineError(400, 'Error', {
    'en-US': 'Insufficient balance.',
    'zh-CN': '余额不足。',
    'zh-HK': '餘額不足。',
  }),
  TRANSFER_FEE_TOO_HIGH_ERROR: defineError(400, 'Error', {
    'en-US': 'The network fee is too high. Please lower it.',
    'zh-CN': '网络手续费过高，请调低后重试。',
    'zh-HK': '網絡手續費過高，請調低後再試。',
  }),
  TRANSFER_FEE_TOO_LOW_ERROR: defineError(400, 'Error', {
    'en-US': 'The network fee is too low. The transaction may not be confirmed.',
    'zh-CN': '网络手续费过低，交易可能无法确认。',
    'zh-HK': '網絡手續費過低，交易可能無法確認。',
  }),
  TRANSFER_FEE_ZERO_ERROR: defineError(400, 'Error', {
    'en-US': 'The network fee cannot be zero.',
    'zh-CN': '网络手续费不能为 0。',
    'zh-HK': '網絡手續費不可為 0。',
  }),
  TRANSFER_FEE_EXCEEDS_BALANCE_ERROR: defineError(400, 'Error', {
    'en-US': 'The network fee is greater than the wallet balance.',
    'zh-CN': '网络手续费超过钱包余额。',
    'zh-HK': '網絡手續費高於錢包餘額。',
  }),
  TRANSFER_FEE_RESERVE_INSUFFICIENT_ERROR: defineError(400, 'Error', {
    'en-US': 'The balance does not cover the network fee plus the required reserve.',
    'zh-CN': '余额不足以支付网络手续费及所需的预留金额。',
    'zh-HK': '餘額不足以支付網絡手續費及所需的保留金額。',
  }),
  TRANSFER_MAX_VOLUME_CHANGED_ERROR: defineError(400, 'Error', {
    'en-US': 'The maximum transferable amount has changed. Please enter the amount again.',
    'zh-CN': '最大可转金额已变化，请重新输入金额。',
    'zh-HK': '最高可轉金額已變更，請重新輸入金額。',
  }),
  TRANSFER_VOLUME_ZERO_ERROR: defineError(400, 'Error', {
    'en-US': 'The amount cannot be zero.',
    'zh-CN': '转账金额不能为 0。',
    'zh-HK': '轉賬金額不可為 0。',
  }),
  TRANSFER_VOLUME_TOO_SMALL_ERROR: defineError(400, 'Error', {
    'en-US': 'The amount is too small. The minimum is 0.000001.',
    'zh-CN': '转账金额过小，最小为 0.000001。',
    'zh-HK': '轉賬金額過小，最低為 0.000001。',
  }),
  TRANSFER_TOO_MANY_DECIMALS_ERROR: defineError(400, 'Error', {
    'en-US': 'The amount has more decimal places than the token allows.',
    'zh-CN': '转账金额的小数位数超过该代币的精度。',
    'zh-HK': '轉賬金額的小數位數超出此代幣的精度。',
  }),
  TRANSFER_TO_SELF_ERROR: defineError(400, 'Error', {
    'en-US': 'The recipient cannot be the sending wallet.',
    'zh-CN': '收款地址不能与转出钱包相同。',
    'zh-HK': '收款地址不可與轉出錢包相同。',
  }),
  TRANSFER_RISK_ADDRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'The recipient is a flagged risk address. The transfer is blocked.',
    'zh-CN': '收款地址为风险地址，已禁止转账。',
    'zh-HK': '收款地址為風險地址，已禁止轉賬。',
  }),
  TRANSFER_WHITELIST_ONLY_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet can only send to whitelisted addresses.',
    'zh-CN': '该钱包仅允许向白名单地址转账。',
    'zh-HK': '此錢包只可向白名單地址轉賬。',
  }),
  TRANSFER_BATCH_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'Batch transfers are not supported for this wallet.',
    'zh-CN': '该钱包不支持批量转账。',
    'zh-HK': '此錢包不支援批量轉賬。',
  }),
  BATCH_ROWS_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': '{count} rows have problems; nothing was created. Fix them and try again.',
    'zh-CN': '有 {count} 行存在问题，未创建任何转账。请修改后重试。',
    'zh-HK': '有 {count} 行有問題，未建立任何轉賬。請修改後再試。',
  }),
  TRANSFER_MAX_ADDRESSES_ERROR: defineError(400, 'Error', {
    'en-US': 'A batch transfer can have at most {max} recipient addresses.',
    'zh-CN': '批量转账最多支持 {max} 个收款地址。',
    'zh-HK': '批量轉賬最多支援 {max} 個收款地址。',
  }),
  TRANSFER_PURPOSE_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'Please choose the purpose of the funds.',
    'zh-CN': '请选择资金用途。',
    'zh-HK': '請選擇資金用途。',
  }),
  TRANSFER_PRESIGN_SIGNERS_ERROR: defineError(400, 'Error', {
    'en-US': 'Select at least as many signers as the signing threshold.',
    'zh-CN': '所选签名人数不能少于签名阈值。',
    'zh-HK': '所選簽名人數不可少於簽名門檻。',
  }),
  TRC20_BATCH_IN_PROGRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'Only one TRC20 batch transfer can run at a time.',
    'zh-CN': '同一时间只能进行一笔 TRC20 批量转账。',
    'zh-HK': '同一時間只可進行一筆 TRC20 批量轉賬。',
  }),
  XRP_TASK_IN_PROGRESS_ERROR: defineError(400, 'Error', {
    'en-US': 'Only one Ripple (XRP) transfer can run at a time.',
    'zh-CN': '同一时间只能进行一笔瑞波 (XRP) 转账。',
    'zh-HK': '同一時間只可進行一筆瑞波 (XRP) 轉賬。',
  }),
  XRP_ACTIVATION_RESERVE_ERROR: defineError(400, 'Error', {
    'en-US':
      "The recipient address is not activated yet: sending XRP to it needs at least {param} XRP (the ledger's reserve).",
    'zh-CN': '收款地址尚未激活：向其转账 XRP 至少需要 {param} XRP（账本储备金）。',
    'zh-HK': '收款地址尚未啟用：向其轉賬 XRP 最少需要 {param} XRP（帳本儲備金）。',
  }),
  XRP_DESTINATION_TAG_CONFLICT_ERROR: defineError(400, 'Error', {
    'en-US': 'The X-address already carries a different destination tag. Use one tag only.',
    'zh-CN': '该 X 地址已包含不同的目标标签（Destination Tag），请只使用一个标签。',
    'zh-HK': '此 X 地址已包含不同的目標標籤（Destination Tag），請只使用一個標籤。',
  }),
  XRP_DESTINATION_TAG_REQUIRED_ERROR: defineError(400, 'Error', {
    'en-US': 'The recipient requires a destination tag. Please enter it.',
    'zh-CN': '收款方要求填写目标标签（Destination Tag），请填写。',
    'zh-HK': '收款方要求填寫目標標籤（Destination Tag），請填寫。',
  }),
  XRP_TRUST_LINE_MISSING_ERROR: defineError(400, 'Error', {
    'en-US': 'The recipient has no trust line for this token and cannot receive it.',
    'zh-CN': '收款方未为该代币设置信任线，无法接收。',
    'zh-HK': '收款方未為此代幣設定信任線，無法接收。',
  }),
  XRP_LEDGER_WINDOW_ERROR: defineError(400, 'Error', {
    'en-US':
      "The transaction's ledger window (LastLedgerSequence) has passed. Please create the transfer again.",
    'zh-CN': '该交易的账本有效期（LastLedgerSequence）已过，请重新创建转账。',
    'zh-HK': '此交易的帳本有效期（LastLedgerSequence）已過，請重新建立轉賬。',
  }),
  SOL_RESERVE_ERROR: defineError(400, 'Error', {
    'en-US': 'Solana wallets must keep a minimum balance for rent.',
    'zh-CN': 'Solana 钱包须保留最低租金余额。',
    'zh-HK': 'Solana 錢包須保留最低租金餘額。',
  }),
  TRON_SIGN_TIMEOUT_ERROR: defineError(400, 'Error', {
    'en-US': 'Tron transfers must be signed within 24 hours. This transfer has timed out.',
    'zh-CN': 'Tron 转账须在 24 小时内完成签名，该转账已超时。',
    'zh-HK': 'Tron 轉賬須於 24 小時內完成簽名，此轉賬已逾時。',
  }),
  UTXO_SHORTAGE_ERROR: defineError(400, 'Error', {
    'en-US': 'Not enough unspent outputs (UTXOs) to build this transaction.',
    'zh-CN': '可用 UTXO 不足，无法构建该交易。',
    'zh-HK': '可用 UTXO 不足，無法建立此交易。',
  }),
  EVM_MANUAL_BROADCAST_ONLY_ERROR: defineError(400, 'Error', {
    'en-US': 'EVM wallets have no automatic broadcast. Please broadcast manually.',
    'zh-CN': 'EVM 钱包不支持自动广播，请手动广播。',
    'zh-HK': 'EVM 錢包不支援自動廣播，請手動廣播。',
  }),
  BROADCAST_DUPLICATED_ERROR: defineError(400, 'Error', {
    'en-US': 'This transaction is already being broadcast.',
    'zh-CN': '该交易正在广播中，请勿重复操作。',
    'zh-HK': '此交易正在廣播中，請勿重複操作。',
  }),
  BROADCAST_INSUFFICIENT_FEE_ERROR: defineError(400, 'Error', {
    'en-US': 'Broadcast failed: not enough balance for the network fee.',
    'zh-CN': '广播失败：余额不足以支付网络手续费。',
    'zh-HK': '廣播失敗：餘額不足以支付網絡手續費。',
  }),
  BROADCAST_REJECTED_ERROR: defineError(400, 'Error', {
    'en-US': 'The network rejected the transaction.',
    'zh-CN': '交易被网络拒绝。',
    'zh-HK': '交易被網絡拒絕。',
  }),
  TX_ALREADY_BROADCAST_ERROR: defineError(400, 'Error', {
    'en-US': 'This transaction has already been broadcast.',
    'zh-CN': '该交易已广播。',
    'zh-HK': '此交易已廣播。',
  }),
  NONCE_TOO_LOW_ERROR: defineError(400, 'Error', {
    'en-US': 'Nonce too low: another transaction from this wallet has already used it.',
    'zh-CN': 'Nonce 过低：该钱包的另一笔交易已使用此 Nonce。',
    'zh-HK': 'Nonce 過低：此錢包的另一筆交易已使用該 Nonce。',
  }),
  RBF_FEE_RATE_TOO_LOW_ERROR: defineError(400, 'Error', {
    'en-US': 'The new fee rate must be higher than the original to replace the transaction.',
    'zh-CN': '替换交易的新费率必须高于原费率。',
    'zh-HK': '替換交易的新費率必須高於原費率。',
  }),
  SPEED_UP_FEE_TOO_LOW_ERROR: defineError(400, 'Error', {
    'en-US': 'The speed-up fee is too low. Please raise it.',
    'zh-CN': '加速手续费过低，请调高后重试。',
    'zh-HK': '加速手續費過低，請調高後再試。',
  }),
  TX_ALREADY_CONFIRMED_ERROR: defineError(400, 'Error', {
    'en-US': 'This transaction has already been confirmed on chain.',
    'zh-CN': '该交易已在链上确认。',
    'zh-HK': '此交易已在鏈上確認。',
  }),
  TASK_DONE_ERROR: defineError(400, 'Error', {
    'en-US': 'This transfer has already finished.',
    'zh-CN': '该转账已结束。',
    'zh-HK': '此轉賬已完結。',
  }),
} satisfies Record<string, ErrorDefinition>;
