import type { SignerChallenge, VerifySignerReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

export type { SignerChallenge };

/** A one-time message to sign with the signer address. */
export const fetchSignerChallenge = (id: number) =>
  api.get<SignerChallenge>(`${V1}/permission-address/challenge`, { id });

/** EIP-191 personal_sign of the challenge by that address. */
export const verifySignerAddress = (body: { id: number; challenge_id: number; signature: string }) =>
  api.post<VerifySignerReply>(`${V1}/permission-address/verify`, body);
