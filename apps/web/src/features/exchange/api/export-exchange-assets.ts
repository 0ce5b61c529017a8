import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob, WEB_V4 } from '@/lib/api-client';

/** GET /v4/wallets/exchange/asset-info/export: the balances (of one account type, or all) as CSV. */
export async function exportExchangeAssets(walletId: number, accountType?: string): Promise<void> {
  const { blob, filename } = await apiDownload(`${WEB_V4}/wallets/exchange/asset-info/export`, {
    wallet_id: walletId,
    account_type: accountType,
  });
  saveBlob(blob, filename ?? `exchange-assets-${walletId}.csv`);
}

export const useExportExchangeAssets = (walletId: number) =>
  useMutation({ mutationFn: (accountType?: string) => exportExchangeAssets(walletId, accountType) });
