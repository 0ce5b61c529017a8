import { PERPETUAL_CATEGORIES, PLACEABLE_CATEGORIES, TRADE_CATEGORIES } from '@keystead/contract/api/escrow';

export { PERPETUAL_CATEGORIES, PLACEABLE_CATEGORIES, TRADE_CATEGORIES };

/** The categories in the order a rule's picker offers them: what the platform places today first. */
export const CATEGORY_ORDER: number[] = [
  ...PLACEABLE_CATEGORIES,
  ...TRADE_CATEGORIES.filter((category) => !PLACEABLE_CATEGORIES.includes(category)),
];

/** A rule limit's text field: a non-negative decimal of at most 13 + 18 digits (the contract's limit). */
export const LIMIT_PATTERN = /^\d{1,13}(\.\d{1,18})?$/;

/** The limits a rule has, in the order the screens show them. */
export const LIMIT_FIELDS = [
  'max_order_amount',
  'max_order_usdt',
  'buy_limit',
  'buy_limit_usdt',
  'sell_limit',
  'sell_limit_usdt',
  'borrow_limit',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
