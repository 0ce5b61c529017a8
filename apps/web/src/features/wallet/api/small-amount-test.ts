import type { SmallAmountTestVolume, TransferTask } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';

export type { SmallAmountTestVolume };

/** GET /wallets/small-amount-test-volume: what the test moves and whether the wallet holds it. */
export const fetchSmallAmountTestVolume = (walletId: number) =>
  api.get<SmallAmountTestVolume>(`${V1}/wallets/small-amount-test-volume`, { wallet_id: walletId });

/** POST /wallets/small-amount-test: the self-transfer task the signers sign next. */
export const startSmallAmountTest = (walletId: number) =>
  api.post<TransferTask>(`${V1}/wallets/small-amount-test`, { wallet_id: walletId });
