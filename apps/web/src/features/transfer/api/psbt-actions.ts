import type { DevnetSignReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';
import type { BroadcastReply, SignReply, TransferTask } from './types';

/** Bitcoin family: a PSBT (base64) with the signer's partial signatures added. */
export const signPsbt = (body: { task_id: number; psbt: string }) => api.post<SignReply>(`${V1}/sign`, body);

/** Bitcoin family: the server finalizes the PSBT and relays it (stored first, sent once). */
export const broadcastPsbt = (body: { task_id: number }) => api.post<BroadcastReply>(`${V1}/broadcast`, body);

/** Bitcoin family: a BIP-125 replacement at a higher rate (a new task to sign). */
export const speedUpPsbt = (body: { task_id: number; fee_tier: 'custom'; custom_fee_rate: string }) =>
  api.post<TransferTask>(`${V1}/task/speed-up`, body);

/** Dev mode: the devnet PSBT signer (well-known test keys 1–9 of regtest chains). */
export const devnetSignPsbt = (body: { chain_key: string; index: number; psbt: string }) =>
  api.post<DevnetSignReply>(`${V1}/dev/utxo-devnet-sign`, body);

/** A PSBT file's bytes (binary BIP-174, or base64 text as Electrum/Sparrow also save) → base64. */
export function psbtFileToBase64(bytes: Uint8Array): string {
  const magic = [0x70, 0x73, 0x62, 0x74, 0xff];
  if (magic.every((b, i) => bytes[i] === b)) {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }
  return new TextDecoder().decode(bytes).trim();
}

/** Downloads the PSBT as a binary .psbt file (what Sparrow, Electrum and hardware wallets open). */
export function downloadPsbt(base64: string, name: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
