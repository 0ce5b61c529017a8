import type { z } from 'zod';
import type { BatchEstimate, batchBody, batchOutputReply } from '@keystead/contract/api/batch';
import { api, V1 } from '@/lib/api-client';

export type { BatchEstimate, BatchRow, BatchRowError, BatchRowInput } from '@keystead/contract/api/batch';

/** A batch's row in GET /task/info (`outputs`), with what it did on chain. */
export type BatchOutput = z.infer<typeof batchOutputReply>;

/** The body of both batch calls: the template's CSV as text, or typed rows. */
export type BatchBody = z.input<typeof batchBody>;

/**
 * POST /fee/estimate-one-to-many: every row checked and the whole batch priced. A refused row
 * answers BATCH_ROWS_INVALID_ERROR with every bad row in `data.rows`.
 */
export const estimateBatch = (body: BatchBody) =>
  api.post<BatchEstimate>(`${V1}/fee/estimate-one-to-many`, body);
