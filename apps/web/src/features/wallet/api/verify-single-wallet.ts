import { api, V1 } from '@/lib/api-client';
import type { WalletChallenge, WalletStatusReply } from '@keystead/contract/api/wallet-replies';

/** Proves control of an imported address with a personal_sign of the challenge. */
export const verifySingleWallet = (body: { wallet_id: number; challenge_id: number; signature: string }) =>
  api.post<WalletStatusReply>(`${V1}/wallets/verify`, body);

/** A fresh message to sign for an imported address. */
export const fetchWalletChallenge = (walletId: number) =>
  api.get<WalletChallenge>(`${V1}/wallets/verify-challenge`, { wallet_id: walletId });
