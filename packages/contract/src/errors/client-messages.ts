import type { Language } from '../languages';
import { defineClientMessage as m, type ClientMessage } from './client-message-define';
import { formMessages, successMessages } from './client-toasts';
import { fillTemplate } from './template';
import type { ErrorParams } from './types';

export { TOAST_TYPES, type ToastType, type ClientMessage } from './client-message-define';

/**
 * Messages the web client raises itself (§8 network layer, wallet/hardware messages, success
 * toasts, templated form messages). They never come from the server, so they are not in ERRORS.
 */
export const CLIENT_MESSAGES = {
  // Network layer
  server_busy: m(
    'error',
    'The server is busy. Please try again later.',
    '服务器繁忙，请稍后再试。',
    '伺服器繁忙，請稍後再試。',
  ),
  network_timeout: m(
    'error',
    'The request timed out. Please try again.',
    '请求超时，请重试。',
    '請求逾時，請重試。',
  ),
  network_error: m(
    'error',
    'Network error. Check your connection and try again.',
    '网络异常，请检查网络连接后重试。',
    '網絡異常，請檢查網絡連線後再試。',
  ),
  unknown_error: m(
    'error',
    'Something went wrong. Please try again.',
    '出错了，请重试。',
    '發生錯誤，請重試。',
  ),
  other_device_login: m(
    'warn',
    'This account is logged in on another device. Continue to log it out there.',
    '该账号已在其他设备登录，继续将使其下线。',
    '此帳戶已在其他裝置登入，繼續會將其登出。',
  ),
  // Wallet connection and signing
  wallet_user_reject: m(
    'warn',
    'You rejected the request in your wallet.',
    '您已在钱包中拒绝了该请求。',
    '你已在錢包中拒絕了此請求。',
  ),
  wallet_connect_failed: m(
    'error',
    'Failed to connect the wallet. Please try again.',
    '连接钱包失败，请重试。',
    '連接錢包失敗，請重試。',
  ),
  wallet_locked: m(
    'warn',
    'Your wallet is locked. Unlock it and try again.',
    '钱包已锁定，请解锁后重试。',
    '錢包已鎖定，請解鎖後再試。',
  ),
  ledger_busy: m(
    'warn',
    'The Ledger is busy. Finish or cancel the action on the device first.',
    'Ledger 正忙，请先在设备上完成或取消当前操作。',
    'Ledger 正忙碌，請先在裝置上完成或取消目前操作。',
  ),
  no_device: m(
    'error',
    'No hardware wallet found. Connect and unlock your device.',
    '未检测到硬件钱包，请连接并解锁设备。',
    '找不到硬件錢包，請連接並解鎖裝置。',
  ),
  chain_mismatch: m(
    'error',
    'The device is on a different chain from this wallet.',
    '设备当前链与该钱包不一致。',
    '裝置目前的鏈與此錢包不一致。',
  ),
  app_mismatch: m(
    'error',
    'Open the matching app on your device and try again.',
    '请在设备上打开对应的应用后重试。',
    '請在裝置上開啟對應的應用程式後再試。',
  ),
  sign_error: m('error', 'Signing failed. Please try again.', '签名失败，请重试。', '簽名失敗，請重試。'),
  allow_transaction_data: m(
    'warn',
    'Enable "Transaction data" (blind signing) in the device app settings.',
    '请在设备应用设置中开启“交易数据”（盲签）。',
    '請在裝置應用程式設定中開啟「交易數據」（盲簽）。',
  ),
  allow_sign_by_hash: m(
    'warn',
    'Enable "Sign by hash" in the device app settings.',
    '请在设备应用设置中开启“哈希签名”。',
    '請在裝置應用程式設定中開啟「雜湊簽名」。',
  ),
  allow_custom_contracts: m(
    'warn',
    'Enable "Custom contracts" in the device app settings.',
    '请在设备应用设置中开启“自定义合约”。',
    '請在裝置應用程式設定中開啟「自訂合約」。',
  ),
  plugin_unavailable: m(
    'error',
    'Wallet extension not found. Install or enable it, then refresh.',
    '未检测到钱包插件，请安装或启用后刷新页面。',
    '找不到錢包擴充功能，請安裝或啟用後重新整理頁面。',
  ),
  plugin_conflict: m(
    'warn',
    'Several wallet extensions are conflicting. Disable the others and try again.',
    '多个钱包插件存在冲突，请停用其他插件后重试。',
    '多個錢包擴充功能互相衝突，請停用其他擴充功能後再試。',
  ),
  network_mismatch: m(
    'error',
    "The wallet's network does not match. Switch network and try again.",
    '钱包网络不匹配，请切换网络后重试。',
    '錢包網絡不相符，請切換網絡後再試。',
  ),
  fee_fetch_failed: m(
    'error',
    'Failed to get the network fee. Please try again.',
    '获取网络手续费失败，请重试。',
    '取得網絡手續費失敗，請重試。',
  ),
  insufficient_funds: m('error', 'Insufficient funds.', '资金不足。', '資金不足。'),
  insufficient_fee: m(
    'error',
    'Not enough balance to pay the network fee.',
    '余额不足以支付网络手续费。',
    '餘額不足以支付網絡手續費。',
  ),
  deploy_failed: m(
    'error',
    'Wallet deployment failed. Please try again.',
    '钱包部署失败，请重试。',
    '錢包部署失敗，請重試。',
  ),
  deploy_not_confirmed: m(
    'warn',
    'The deployment has not been confirmed yet. Check again later.',
    '部署交易尚未确认，请稍后再查看。',
    '部署交易尚未確認，請稍後再查看。',
  ),
  signer_mismatch: m(
    'error',
    'The connected address is not a signer of this wallet.',
    '当前连接的地址不是该钱包的签名人。',
    '目前連接的地址不是此錢包的簽名人。',
  ),
  transaction_mismatch: m(
    'error',
    'The transaction to sign is not the one shown here. Nothing was signed.',
    '待签名的交易与此处显示的不一致，未进行签名。',
    '待簽名的交易與此處顯示的不一致，未有簽名。',
  ),
  broadcast_failed: m(
    'error',
    'Broadcast failed. Please try again.',
    '广播失败，请重试。',
    '廣播失敗，請重試。',
  ),
  custom_path_limit: m(
    'error',
    'The custom derivation path index exceeds the limit of {max}.',
    '自定义派生路径序号超出上限 {max}。',
    '自訂衍生路徑序號超出上限 {max}。',
  ),
  dapp_chain_mismatch: m(
    'error',
    "The Dapp's chain does not match this wallet's chain.",
    'Dapp 所在链与该钱包的链不一致。',
    'Dapp 所在的鏈與此錢包的鏈不一致。',
  ),
  // Hardware wallet error codes (see HARDWARE_ERROR_MESSAGES)
  hardware_connection: m(
    'error',
    'Could not connect to the hardware wallet. Reconnect it and try again.',
    '无法连接硬件钱包，请重新连接后重试。',
    '無法連接硬件錢包，請重新連接後再試。',
  ),
  hardware_device: m(
    'error',
    'The hardware wallet reported a device error.',
    '硬件钱包设备出错。',
    '硬件錢包裝置出錯。',
  ),
  hardware_user_manual: m(
    'warn',
    'The action was cancelled on the device.',
    '已在设备上取消操作。',
    '已在裝置上取消操作。',
  ),
  hardware_pin: m(
    'warn',
    'Unlock the hardware wallet with its PIN and try again.',
    '请输入 PIN 码解锁硬件钱包后重试。',
    '請輸入 PIN 碼解鎖硬件錢包後再試。',
  ),
  hardware_permission: m(
    'error',
    'The browser was not allowed to access the device.',
    '浏览器未获准访问该设备。',
    '瀏覽器未獲准存取此裝置。',
  ),
  hardware_invalid_params: m(
    'error',
    'The device rejected the request parameters.',
    '设备拒绝了请求参数。',
    '裝置拒絕了請求參數。',
  ),
  hardware_blockchain: m(
    'error',
    'The device does not support this blockchain operation.',
    '设备不支持该区块链操作。',
    '裝置不支援此區塊鏈操作。',
  ),
  hardware_other: m(
    'error',
    'The hardware wallet returned an error.',
    '硬件钱包返回错误。',
    '硬件錢包傳回錯誤。',
  ),
  hardware_unknown: m(
    'error',
    'An unknown hardware wallet error occurred.',
    '硬件钱包发生未知错误。',
    '硬件錢包發生未知錯誤。',
  ),
  ...successMessages,
  ...formMessages,
} satisfies Record<string, ClientMessage>;

export type ClientMessageKey = keyof typeof CLIENT_MESSAGES;

/** The hardware codes of §8 and the client message each one shows. */
export const HARDWARE_ERROR_MESSAGES = {
  CONNECTION: 'hardware_connection',
  DEVICE: 'hardware_device',
  USER_MANUAL: 'hardware_user_manual',
  PIN: 'hardware_pin',
  PERMISSION: 'hardware_permission',
  INVALID_PARAMS: 'hardware_invalid_params',
  BLOCKCHAIN: 'hardware_blockchain',
  OTHER: 'hardware_other',
  UNKNOWN: 'hardware_unknown',
} as const satisfies Record<string, ClientMessageKey>;

export type HardwareErrorCode = keyof typeof HARDWARE_ERROR_MESSAGES;

/** Errors the client drops instead of toasting (§8 "ignored"). */
export const IGNORED_CLIENT_ERRORS: readonly RegExp[] = [
  /ResizeObserver loop/i,
  /Script error\.?$/i,
  /AbortError|The user aborted a request/i,
];

export function isClientMessageKey(value: unknown): value is ClientMessageKey {
  return typeof value === 'string' && Object.hasOwn(CLIENT_MESSAGES, value);
}

export function formatClientMessage(
  key: ClientMessageKey,
  language: Language,
  params: ErrorParams = {},
): string {
  return fillTemplate(CLIENT_MESSAGES[key].messages[language], language, params);
}
