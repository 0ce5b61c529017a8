import type {
  AddSignerKeyReply,
  DevnetKeyList,
  DevnetSignMessageReply,
  VerifySignerReply,
} from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

export interface BitcoinKeyInput {
  name: string;
  chain_key: string;
  xpub: string;
  fingerprint: string;
  path: string;
  description?: string;
}

/** A Bitcoin-family signer key (xpub, master fingerprint, path); pending until the challenge is signed. */
export const addBitcoinKey = (body: BitcoinKeyInput) =>
  api.post<AddSignerKeyReply>(`${V1}/permission-address/bitcoin`, body);

/** BIP-137 signed message of the challenge, by the xpub's own key or the key at child_path below it. */
export const verifyBitcoinKey = (body: {
  id: number;
  challenge_id: number;
  signature: string;
  child_path?: string;
}) => api.post<VerifySignerReply>(`${V1}/permission-address/bitcoin/verify`, body);

/** Dev mode: the devnet signer keys 1–9 and their message signatures. */
export const fetchDevnetKeys = (chainKey: string) =>
  api.get<DevnetKeyList>(`${V1}/dev/utxo-devnet-keys`, { chain_key: chainKey });
export const devnetSignMessage = (body: { chain_key: string; index: number; message: string }) =>
  api.post<DevnetSignMessageReply>(`${V1}/dev/utxo-devnet-sign-message`, body);
