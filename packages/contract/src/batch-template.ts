import type { Language } from './languages';

/** §5 batch: the template's columns, in order. */
export const BATCH_COLUMNS = ['address', 'amount', 'token', 'memo', 'fund_purpose'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** The template's header row in each language (the download is in the user's). */
export const BATCH_TEMPLATE_HEADERS: Record<Language, Record<BatchColumn, string>> = {
  'en-US': {
    address: 'address',
    amount: 'amount',
    token: 'token',
    memo: 'memo',
    fund_purpose: 'fund_purpose',
  },
  'zh-CN': { address: '收款地址', amount: '金额', token: '币种', memo: '备注', fund_purpose: '资金用途' },
  'zh-HK': { address: '收款地址', amount: '金額', token: '幣種', memo: '備註', fund_purpose: '資金用途' },
};

/** Other spellings a filled-in file may use for a column (compared without case, spaces or _/-()). */
const ALIASES: Record<string, BatchColumn> = {
  地址: 'address',
  数量: 'amount',
  數量: 'amount',
  tag: 'memo',
  memotag: 'memo',
  备注标签: 'memo',
  備註標籤: 'memo',
  fundpurpose: 'fund_purpose',
};

const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s_/\-()（）]/g, '');

const KNOWN: Record<string, BatchColumn> = {
  ...Object.fromEntries(
    Object.values(BATCH_TEMPLATE_HEADERS).flatMap((names) =>
      Object.entries(names).map(([column, name]) => [headerKey(name), column as BatchColumn]),
    ),
  ),
  ...ALIASES,
};

/** The column a header cell names, in any of the three languages; null if none. */
export function batchColumnOf(cell: string): BatchColumn | null {
  return KNOWN[headerKey(cell)] ?? null;
}
