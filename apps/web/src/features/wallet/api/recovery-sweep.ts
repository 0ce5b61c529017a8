import type { z } from 'zod';
import type { sweepPrepareBody, sweepPrepareReply, sweepSubmitReply } from '@keystead/contract/api/recovery';
import { api, V1 } from '@/lib/api-client';

export type SweepPrepareInput = z.input<typeof sweepPrepareBody>;
export type SweepPrepared = z.infer<typeof sweepPrepareReply>;
export type SweepDone = z.infer<typeof sweepSubmitReply>;

/** POST /wallets/recovery/sweep/prepare: the unsigned PSBT moving every matured coin to `to`. */
export const prepareSweep = (body: SweepPrepareInput) =>
  api.post<SweepPrepared>(`${V1}/wallets/recovery/sweep/prepare`, body);

/** POST /wallets/recovery/sweep: the PSBT signed by the recovery key; the server finalizes and relays it. */
export const submitSweep = (body: { wallet_id: number; psbt: string }) =>
  api.post<SweepDone>(`${V1}/wallets/recovery/sweep`, body);
