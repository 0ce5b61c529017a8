import { api, V1 } from '@/lib/api-client';
import type { Challenge } from './import-single-wallet';

/** Proves control of an imported address with a personal_sign of the challenge. */
export const verifySingleWallet = (body: { wallet_id: number; challenge_id: number; signature: string }) =>
  api.post<{ status: number }>(`${V1}/wallets/verify`, body);

/** A fresh message to sign for an imported address. */
export const fetchWalletChallenge = (walletId: number) =>
  api.get<Challenge>(`${V1}/wallets/verify-challenge`, { wallet_id: walletId });
