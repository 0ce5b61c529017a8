/** Every payment query of a space starts with this key: a payment action refreshes them all. */
export const PAYMENT_KEY = ['payment'] as const;
