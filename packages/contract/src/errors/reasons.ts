import type { Language } from '../languages';

/**
 * The {reason} values a message may carry: why an entered signer key (xpub, fingerprint, path)
 * or wallet descriptor was refused, worded per language. A reply carries the key in
 * `data.reason`; the message holds its words. Every key a chain family can give has an entry
 * (checked by the server's tests against the Bitcoin family's BITCOIN_INPUT_REASONS).
 */
export const ERROR_REASONS = {
  xpub_not_base58: {
    'en-US':
      'this is not an extended public key (xpub, ypub, zpub, tpub …); it holds characters such a key never has.',
    'zh-CN': '这不是扩展公钥（xpub、ypub、zpub、tpub 等），其中含有扩展公钥不会出现的字符。',
    'zh-HK': '這不是擴展公鑰（xpub、ypub、zpub、tpub 等），當中有擴展公鑰不會出現的字元。',
  },
  xpub_checksum: {
    'en-US':
      "the key's checksum does not match, so a character is probably mistyped or missing. Copy the key again.",
    'zh-CN': '密钥校验和不匹配，可能有字符输错或缺失，请重新复制密钥。',
    'zh-HK': '密鑰校驗碼不相符，可能有字元輸入錯誤或遺漏，請重新複製密鑰。',
  },
  xpub_length: {
    'en-US': 'this is not an extended public key (xpub, ypub, zpub, tpub …); its length is wrong.',
    'zh-CN': '这不是扩展公钥（xpub、ypub、zpub、tpub 等），长度不正确。',
    'zh-HK': '這不是擴展公鑰（xpub、ypub、zpub、tpub 等），長度不正確。',
  },
  xpub_private: {
    'en-US': 'this is an extended private key. Never share it; enter the public key (xpub) instead.',
    'zh-CN': '这是扩展私钥，切勿泄露，请改为输入扩展公钥（xpub）。',
    'zh-HK': '這是擴展私鑰，切勿洩露，請改為輸入擴展公鑰（xpub）。',
  },
  xpub_version_unknown: {
    'en-US': 'its prefix is not one of a known extended public key (xpub, ypub, zpub, tpub …).',
    'zh-CN': '其前缀不属于任何已知的扩展公钥类型（xpub、ypub、zpub、tpub 等）。',
    'zh-HK': '其前綴不屬於任何已知的擴展公鑰類型（xpub、ypub、zpub、tpub 等）。',
  },
  xpub_mainnet_on_testnet: {
    'en-US': 'it is a mainnet key, but this chain is a test network; use the testnet key (tpub, vpub …).',
    'zh-CN': '这是主网密钥，但该链是测试网络，请使用测试网密钥（tpub、vpub 等）。',
    'zh-HK': '這是主網密鑰，但此鏈是測試網絡，請使用測試網密鑰（tpub、vpub 等）。',
  },
  xpub_testnet_on_mainnet: {
    'en-US': 'it is a testnet key, but this chain is a main network; use the mainnet key (xpub, zpub …).',
    'zh-CN': '这是测试网密钥，但该链是主网，请使用主网密钥（xpub、zpub 等）。',
    'zh-HK': '這是測試網密鑰，但此鏈是主網，請使用主網密鑰（xpub、zpub 等）。',
  },
  xpub_key_invalid: {
    'en-US': 'the key inside it is not a valid public key. Copy it again from the signing device.',
    'zh-CN': '其中的公钥无效，请从签名设备重新复制。',
    'zh-HK': '其中的公鑰無效，請從簽名裝置重新複製。',
  },
  xpub_depth_mismatch: {
    'en-US':
      'the key does not sit at the depth of the derivation path; check that the path belongs to this key.',
    'zh-CN': '密钥所在层级与派生路径不符，请确认该路径属于此密钥。',
    'zh-HK': '密鑰所在層級與衍生路徑不符，請確認該路徑屬於此密鑰。',
  },
  xpub_child_mismatch: {
    'en-US':
      "the last step of the derivation path is not the key's own; check that the path belongs to this key.",
    'zh-CN': '派生路径的最后一级与密钥不符，请确认该路径属于此密钥。',
    'zh-HK': '衍生路徑的最後一級與密鑰不符，請確認該路徑屬於此密鑰。',
  },
  fingerprint_format: {
    'en-US': 'the master key fingerprint must be 8 hexadecimal characters (0–9, a–f).',
    'zh-CN': '主密钥指纹须为 8 位十六进制字符（0–9、a–f）。',
    'zh-HK': '主密鑰指紋須為 8 位十六進制字元（0–9、a–f）。',
  },
  fingerprint_mismatch: {
    'en-US': 'the master key fingerprint is not the fingerprint of this key.',
    'zh-CN': '主密钥指纹与该密钥不符。',
    'zh-HK': '主密鑰指紋與此密鑰不相符。',
  },
  path_step_invalid: {
    'en-US': "the derivation path is not written like m/48'/0'/0'/2'.",
    'zh-CN': "派生路径格式不正确，应类似 m/48'/0'/0'/2'。",
    'zh-HK': "衍生路徑格式不正確，應類似 m/48'/0'/0'/2'。",
  },
  path_step_out_of_range: {
    'en-US': 'a step of the derivation path is too large.',
    'zh-CN': '派生路径中有一级数值过大。',
    'zh-HK': '衍生路徑中有一級數值過大。',
  },
  pubkey_format: {
    'en-US': 'a public key must be 66 hexadecimal characters starting with 02 or 03.',
    'zh-CN': '公钥须为以 02 或 03 开头的 66 位十六进制字符。',
    'zh-HK': '公鑰須為以 02 或 03 開頭的 66 位十六進制字元。',
  },
  pubkey_not_on_curve: {
    'en-US': 'a public key is not a point of the secp256k1 curve.',
    'zh-CN': '有公钥不在 secp256k1 曲线上。',
    'zh-HK': '有公鑰不在 secp256k1 曲線上。',
  },
  hardened_from_public: {
    'en-US': "a hardened step (marked ') cannot be derived from a public key.",
    'zh-CN': "无法从公钥派生强化层级（带 ' 标记）。",
    'zh-HK': "無法從公鑰衍生強化層級（帶 ' 標記）。",
  },
  descriptor_checksum: {
    'en-US':
      'the checksum after # does not match, so the text was changed or cut. Copy the whole descriptor again.',
    'zh-CN': '# 后的校验和不匹配，文本已被改动或截断，请重新复制完整的描述符。',
    'zh-HK': '# 後的校驗碼不相符，文字已被改動或截斷，請重新複製完整的描述符。',
  },
  descriptor_not_multisig: {
    'en-US': 'only multisig descriptors (multi or sortedmulti) can be imported.',
    'zh-CN': '仅支持导入多签描述符（multi 或 sortedmulti）。',
    'zh-HK': '只支援匯入多簽描述符（multi 或 sortedmulti）。',
  },
  descriptor_threshold: {
    'en-US':
      'the signature threshold must be a number from 1 to the number of keys, and the keys within the limit.',
    'zh-CN': '签名阈值须为 1 至密钥数量之间的数字，且密钥数量不超过上限。',
    'zh-HK': '簽名門檻須為 1 至密鑰數量之間的數字，並且密鑰數量不超過上限。',
  },
  descriptor_uncompressed_key: {
    'en-US': 'a SegWit multisig needs compressed public keys (starting with 02 or 03).',
    'zh-CN': 'SegWit 多签须使用压缩公钥（以 02 或 03 开头）。',
    'zh-HK': 'SegWit 多簽須使用壓縮公鑰（以 02 或 03 開頭）。',
  },
  descriptor_key_origin: {
    'en-US': 'a key origin in square brackets is not written like [fingerprint/48h/0h/0h/2h].',
    'zh-CN': '方括号中的密钥来源格式不正确，应类似 [fingerprint/48h/0h/0h/2h]。',
    'zh-HK': '方括號中的密鑰來源格式不正確，應類似 [fingerprint/48h/0h/0h/2h]。',
  },
  descriptor_hardened_step: {
    'en-US': "a step after an xpub is hardened (marked ' or h); it cannot be derived from a public key.",
    'zh-CN': "xpub 之后有强化层级（带 ' 或 h 标记），无法从公钥派生。",
    'zh-HK': "xpub 之後有強化層級（帶 ' 或 h 標記），無法從公鑰衍生。",
  },
  descriptor_wrapper_wsh: {
    'en-US': 'wallets on this chain are wsh(sortedmulti(…)) descriptors.',
    'zh-CN': '该链的钱包须为 wsh(sortedmulti(…)) 描述符。',
    'zh-HK': '此鏈的錢包須為 wsh(sortedmulti(…)) 描述符。',
  },
  descriptor_wrapper_sh: {
    'en-US': 'wallets on this chain are sh(sortedmulti(…)) descriptors.',
    'zh-CN': '该链的钱包须为 sh(sortedmulti(…)) 描述符。',
    'zh-HK': '此鏈的錢包須為 sh(sortedmulti(…)) 描述符。',
  },
  descriptor_key_origin_missing: {
    'en-US': 'every key needs its origin and an xpub ending in /*, like [fingerprint/path]xpub…/0/*.',
    'zh-CN': '每个密钥都须带来源，并为以 /* 结尾的 xpub，例如 [fingerprint/path]xpub…/0/*。',
    'zh-HK': '每個密鑰都須附來源，並為以 /* 結尾的 xpub，例如 [fingerprint/path]xpub…/0/*。',
  },
  descriptor_key_suffix: {
    'en-US': 'every key must end in /0/*, /1/* or /<0;1>/*.',
    'zh-CN': '每个密钥须以 /0/*、/1/* 或 /<0;1>/* 结尾。',
    'zh-HK': '每個密鑰須以 /0/*、/1/* 或 /<0;1>/* 結尾。',
  },
  wallet_key_count: {
    'en-US': 'a multisig wallet has 1 to 16 keys (15 where the script is P2SH).',
    'zh-CN': '多签钱包须有 1 至 16 个密钥（P2SH 脚本为 15 个）。',
    'zh-HK': '多簽錢包須有 1 至 16 個密鑰（P2SH 腳本為 15 個）。',
  },
  wallet_threshold: {
    'en-US': 'the signature threshold must be from 1 to the number of keys.',
    'zh-CN': '签名阈值须介于 1 与密钥数量之间。',
    'zh-HK': '簽名門檻須介乎 1 與密鑰數量之間。',
  },
  wallet_duplicate_key: {
    'en-US': 'the same key appears twice.',
    'zh-CN': '同一密钥出现了两次。',
    'zh-HK': '同一密鑰出現了兩次。',
  },
  risk_no_rule: {
    'en-US': 'no rule allows this trade category',
    'zh-CN': '没有规则允许该交易类别',
    'zh-HK': '沒有規則容許此交易類別',
  },
  risk_not_effective: {
    'en-US': 'the strategy is not in effect',
    'zh-CN': '风控策略未生效',
    'zh-HK': '風控策略未生效',
  },
  risk_symbol: {
    'en-US': 'the pair or coin is not whitelisted',
    'zh-CN': '交易对或币种不在白名单中',
    'zh-HK': '交易對或幣種不在白名單中',
  },
  risk_max_order_amount: {
    'en-US': 'over the largest order in coin',
    'zh-CN': '超过单笔订单数量上限',
    'zh-HK': '超過單筆訂單數量上限',
  },
  risk_max_order_usdt: {
    'en-US': 'over the largest order in USDT',
    'zh-CN': '超过单笔订单 USDT 金额上限',
    'zh-HK': '超過單筆訂單 USDT 金額上限',
  },
  risk_buy_limit: {
    'en-US': 'over the buy limit in coin',
    'zh-CN': '超过买入数量限额',
    'zh-HK': '超過買入數量限額',
  },
  risk_sell_limit: {
    'en-US': 'over the sell limit in coin',
    'zh-CN': '超过卖出数量限额',
    'zh-HK': '超過賣出數量限額',
  },
  risk_buy_limit_usdt: {
    'en-US': 'over the buy limit in USDT',
    'zh-CN': '超过买入 USDT 限额',
    'zh-HK': '超過買入 USDT 限額',
  },
  risk_sell_limit_usdt: {
    'en-US': 'over the sell limit in USDT',
    'zh-CN': '超过卖出 USDT 限额',
    'zh-HK': '超過賣出 USDT 限額',
  },
  risk_contract_lever: {
    'en-US': 'over the leverage cap',
    'zh-CN': '超过合约杠杆上限',
    'zh-HK': '超過合約槓桿上限',
  },
  risk_price_unknown: {
    'en-US': 'no price to value the order in USDT',
    'zh-CN': '无法以 USDT 估算订单金额',
    'zh-HK': '無法以 USDT 估算訂單金額',
  },
} satisfies Record<string, Record<Language, string>>;

export type ErrorReason = keyof typeof ERROR_REASONS;

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(ERROR_REASONS, value);
}
