import type { z } from 'zod';
import type { preSignCreatedReply } from '@keystead/contract/api/pre-sign';
import { api, V1 } from '@/lib/api-client';
import type { PreSignBody } from './pre-sign-estimate';

export type PreSignCreated = z.infer<typeof preSignCreatedReply>;

/** POST /task/pre-signature: the pre-signed tasks (type 5), in nonce order. */
export const createPreSign = (body: PreSignBody) =>
  api.post<PreSignCreated>(`${V1}/task/pre-signature`, body);
