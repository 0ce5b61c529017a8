import { api, V1 } from '@/lib/api-client';
import type { BatchBody } from './batch-estimate';
import type { TransferTask } from './types';

/** POST /task/one-to-many: the same checks as the estimate, then the batch task (type 4). */
export const createBatch = (body: BatchBody) => api.post<TransferTask>(`${V1}/task/one-to-many`, body);
