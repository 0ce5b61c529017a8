import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob, WEB_V4 } from '@/lib/api-client';

/** GET /v4/wallets/exchange/asset-total/export: each account's USD total and the sum, as CSV. */
export async function exportExchangeAssetTotal(): Promise<void> {
  const { blob, filename } = await apiDownload(`${WEB_V4}/wallets/exchange/asset-total/export`);
  saveBlob(blob, filename ?? 'exchange-asset-total.csv');
}

export const useExportExchangeAssetTotal = () => useMutation({ mutationFn: exportExchangeAssetTotal });
