import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob, WEB_V4 } from '@/lib/api-client';
import type { ExchangeTransferType } from './list-exchange-transfers';

/** GET /v4/wallets/exchange/deposit-withdrawal/export: the history (one type, or both) as CSV. */
export async function exportExchangeTransfers(walletId: number, type?: ExchangeTransferType): Promise<void> {
  const { blob, filename } = await apiDownload(`${WEB_V4}/wallets/exchange/deposit-withdrawal/export`, {
    wallet_id: walletId,
    type,
  });
  saveBlob(blob, filename ?? `exchange-transfers-${walletId}.csv`);
}

export const useExportExchangeTransfers = (walletId: number) =>
  useMutation({ mutationFn: (type?: ExchangeTransferType) => exportExchangeTransfers(walletId, type) });
