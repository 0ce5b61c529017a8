import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/**
 * Parameter group of §8 (400). Required / not allowed / invalid / resource exists are the
 * PARAMS_* and RESOURCE_EXISTS_ERROR codes of core.ts.
 */
export const parameterErrors = {
  CHAIN_ADDRESS_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'This is not a valid {param} address.',
    'zh-CN': '这不是有效的 {param} 地址。',
    'zh-HK': '這不是有效的 {param} 地址。',
  }),
  CHAIN_ADDRESS_CHECKSUM_ERROR: defineError(400, 'Error', {
    'en-US':
      "The address's checksum (its mix of capital and small letters) does not match: a character is probably mistyped. Copy the address again.",
    'zh-CN': '地址校验和（大小写字母的组合）不匹配，可能有字符输错，请重新复制地址。',
    'zh-HK': '地址校驗碼（大小寫字母的組合）不相符，可能有字元輸入錯誤，請重新複製地址。',
  }),
  /** An xpub, master fingerprint or path refused; {reason} is a key of ERROR_REASONS (also in data.reason). */
  SIGNER_KEY_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'This signer key cannot be used: {reason}',
    'zh-CN': '该签名密钥无法使用：{reason}',
    'zh-HK': '此簽名密鑰無法使用：{reason}',
  }),
  /** A wallet descriptor refused; {reason} is a key of ERROR_REASONS (also in data.reason). */
  DESCRIPTOR_INVALID_ERROR: defineError(400, 'Error', {
    'en-US': 'This wallet descriptor cannot be used: {reason}',
    'zh-CN': '该钱包描述符无法使用：{reason}',
    'zh-HK': '此錢包描述符無法使用：{reason}',
  }),
  ADDRESS_VALIDATION_ERROR: defineError(400, 'Error', {
    'en-US': 'Address check failed. Please check the address and try again.',
    'zh-CN': '地址校验失败，请检查地址后重试。',
    'zh-HK': '地址驗證失敗，請檢查地址後再試。',
  }),
  ADDRESS_RESOLUTION_ERROR: defineError(400, 'Error', {
    'en-US': 'This address could not be resolved.',
    'zh-CN': '无法解析该地址。',
    'zh-HK': '無法解析此地址。',
  }),
  WALLET_PERMISSION_ADDRESS_VALIDATION_ERROR: defineError(400, 'Error', {
    'en-US': 'A signer address is not valid for this wallet.',
    'zh-CN': '签名地址不适用于该钱包。',
    'zh-HK': '簽名地址不適用於此錢包。',
  }),
  DATA_MISSING_ERROR: defineError(400, 'Error', {
    'en-US': 'Some required data is missing. Refresh and try again.',
    'zh-CN': '缺少必要数据，请刷新后重试。',
    'zh-HK': '缺少所需資料，請重新整理後再試。',
  }),
  QUERY_ERROR: defineError(400, 'Error', {
    'en-US': 'The query failed. Check the filters and try again.',
    'zh-CN': '查询失败，请检查筛选条件后重试。',
    'zh-HK': '查詢失敗，請檢查篩選條件後再試。',
  }),
  AVATAR_FORMAT_ERROR: defineError(400, 'Error', {
    'en-US': 'The image must be JPEG, JPG, PNG, GIF or BMP and no larger than 2 MB.',
    'zh-CN': '图片须为 JPEG、JPG、PNG、GIF 或 BMP 格式，且不超过 2 MB。',
    'zh-HK': '圖片須為 JPEG、JPG、PNG、GIF 或 BMP 格式，並且不超過 2 MB。',
  }),
  CSV_FILE_TYPE_ERROR: defineError(400, 'Error', {
    'en-US': 'Only CSV files are supported.',
    'zh-CN': '仅支持 CSV 文件。',
    'zh-HK': '只支援 CSV 檔案。',
  }),
  CSV_FILE_TOO_LARGE_ERROR: defineError(400, 'Error', {
    'en-US': 'The file is too large. The maximum is {max}.',
    'zh-CN': '文件过大，最大为 {max}。',
    'zh-HK': '檔案過大，上限為 {max}。',
  }),
  CSV_PARSE_ERROR: defineError(400, 'Error', {
    'en-US': 'The CSV file could not be read. Please fill in the template and try again.',
    'zh-CN': 'CSV 文件解析失败，请按模板填写后重试。',
    'zh-HK': 'CSV 檔案無法讀取，請按範本填寫後再試。',
  }),
  TAG_UPDATE_ERROR: defineError(400, 'Error', {
    'en-US': 'Failed to update the tag.',
    'zh-CN': '标签更新失败。',
    'zh-HK': '標籤更新失敗。',
  }),
  LABEL_DUPLICATE_ERROR: defineError(400, 'Error', {
    'en-US': 'A label with this name already exists.',
    'zh-CN': '已存在同名标签。',
    'zh-HK': '已有同名標籤。',
  }),
  LANGUAGE_UNSUPPORTED_ERROR: defineError(400, 'Error', {
    'en-US': 'This language is not supported.',
    'zh-CN': '不支持该语言。',
    'zh-HK': '不支援此語言。',
  }),
  WALLET_NAME_MISMATCH_ERROR: defineError(400, 'Error', {
    'en-US': 'The name you typed does not match the wallet name.',
    'zh-CN': '输入的名称与钱包名称不一致。',
    'zh-HK': '輸入的名稱與錢包名稱不符。',
  }),
  PASSWORD_CONFIRM_MISMATCH_ERROR: defineError(400, 'Error', {
    'en-US': 'The two passwords do not match.',
    'zh-CN': '两次输入的密码不一致。',
    'zh-HK': '兩次輸入的密碼不相符。',
  }),
} satisfies Record<string, ErrorDefinition>;
