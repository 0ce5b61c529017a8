import { useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { toUnits } from '../components/wizard/amount-rules';
import type { TransferPage } from './types';

/** Statuses whose amount is still locked in the wallet (a transfer that may yet execute). */
const LOCKING = [0, 3, 5, 6];

/**
 * The amount locked by the wallet's active transfers, per symbol, in token units: what the
 * wizard subtracts from the balance to show the available amount.
 */
export const useLockedAmounts = (walletId: number) =>
  useQuery({
    queryKey: ['transfer', 'locked', walletId],
    enabled: walletId > 0,
    queryFn: async () => {
      const page = await api.get<TransferPage>(`${V1}/transfer/list`, { tab: 'all', wallet_id: walletId, page: 1, page_size: 100 });
      const locked = new Map<string, string[]>();
      for (const task of page.list) {
        if (!LOCKING.includes(task.status) || !task.symbol || !task.amount || task.rejection_of) continue;
        locked.set(task.symbol, [...(locked.get(task.symbol) ?? []), task.amount]);
      }
      return locked;
    },
  });

/** Balance minus the locked amounts, never below zero, as a decimal string. */
export function availableOf(balance: string, locked: string[] | undefined, decimals: number): string {
  const total = toUnits(balance, decimals) ?? 0n;
  const held = (locked ?? []).reduce((sum, amount) => sum + (toUnits(amount, decimals) ?? 0n), 0n);
  const left = total - held;
  const value = left > 0n ? left : 0n;
  const base = 10n ** BigInt(decimals);
  const fraction = decimals ? (value % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${value / base}${fraction ? `.${fraction}` : ''}`;
}
