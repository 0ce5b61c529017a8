import type { z } from 'zod';
import type { PreSignEstimate, preSignBody } from '@keystead/contract/api/pre-sign';
import { api, V1 } from '@/lib/api-client';

export type { PreSignEstimate } from '@keystead/contract/api/pre-sign';

/** The body of both pre-signed calls: the wallet and its transfers, in nonce order. */
export type PreSignBody = z.input<typeof preSignBody>;

/** POST /fee/pre-signature: each transfer's nonce and broadcast fee, and how many already wait. */
export const estimatePreSign = (body: PreSignBody) =>
  api.post<PreSignEstimate>(`${V1}/fee/pre-signature`, body);
