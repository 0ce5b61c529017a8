/** Every exchange query starts with this key: adding or deleting an account refreshes them all. */
export const EXCHANGE_KEY = ['exchange'] as const;
