import type { Language } from '../languages';

/** The {resource} values of §8, translated where they appear inside a message. */
export const RESOURCE_NAMES = {
  user: { 'en-US': 'user', 'zh-CN': '用户', 'zh-HK': '用戶' },
  address: { 'en-US': 'address', 'zh-CN': '地址', 'zh-HK': '地址' },
  email: { 'en-US': 'e-mail', 'zh-CN': '邮箱', 'zh-HK': '電郵' },
  name: { 'en-US': 'name', 'zh-CN': '名称', 'zh-HK': '名稱' },
  wallet: { 'en-US': 'wallet', 'zh-CN': '钱包', 'zh-HK': '錢包' },
  chain: { 'en-US': 'chain', 'zh-CN': '链', 'zh-HK': '鏈' },
  publicKey: { 'en-US': 'public key', 'zh-CN': '公钥', 'zh-HK': '公鑰' },
  organization: { 'en-US': 'space', 'zh-CN': '空间', 'zh-HK': '空間' },
  category: { 'en-US': 'category', 'zh-CN': '分类', 'zh-HK': '分類' },
  transfer_tag: { 'en-US': 'transfer tag', 'zh-CN': '转账标签', 'zh-HK': '轉賬標籤' },
} satisfies Record<string, Record<Language, string>>;

export type ResourceName = keyof typeof RESOURCE_NAMES;
