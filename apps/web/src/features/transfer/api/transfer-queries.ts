import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiDownload, saveBlob, V1, type Query } from '@/lib/api-client';
import { FINAL_STATUSES } from '../task-rules';
import type { OnChainRecordPage, TaskInfo, TransferPage } from './types';

export const TRANSFER_KEY = ['transfer'] as const;
export const taskInfoKey = (taskId: number) => ['transfer', 'info', taskId] as const;

/** A task can still change until it and its rejection (if any) are final. */
const taskSettled = (task: TaskInfo | undefined) =>
  Boolean(
    task &&
    FINAL_STATUSES.includes(task.status) &&
    (!task.rejection || FINAL_STATUSES.includes(task.rejection.status)),
  );

/** GET /task/info; re-read every 4 s while the task can still change (live updates also invalidate it). */
export const taskInfoQuery = (taskId: number) =>
  queryOptions({
    queryKey: taskInfoKey(taskId),
    queryFn: () => api.get<TaskInfo>(`${V1}/task/info`, { task_id: taskId }),
    refetchInterval: (query) => (taskSettled(query.state.data) ? false : 4_000),
  });

/**
 * `silent`: a failed read is neither toasted nor polled again (a task shown beside something
 * else, e.g. on the wallet's recovery tab, to someone who may not be allowed to read it).
 */
export const useTaskInfo = (taskId: number, options: { silent?: boolean } = {}) =>
  useQuery({
    ...taskInfoQuery(taskId),
    enabled: taskId > 0,
    ...(options.silent
      ? {
          meta: { silent: true },
          refetchInterval: (query: { state: { status: string; data: TaskInfo | undefined } }) =>
            query.state.status === 'error' || taskSettled(query.state.data) ? false : 4_000,
        }
      : {}),
  });

export interface TransferListQuery extends Query {
  tab: 'todo' | 'all' | 'pre_signed';
  page: number;
  page_size: number;
  wallet_id?: number;
  status?: number;
  symbol?: string;
  keyword?: string;
  label_id?: number;
  start_time?: string;
  end_time?: string;
}

/** GET /transfer/list (§7: page 1, page_size 10). */
export const useTransferList = (spaceId: string | null, query: TransferListQuery) =>
  useQuery({
    queryKey: ['transfer', 'list', spaceId, query],
    queryFn: () => api.get<TransferPage>(`${V1}/transfer/list`, query),
    enabled: Boolean(spaceId),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

/** GET /transfer/records: on-chain deposits (1) and executions (2). */
export const useTransferRecords = (
  spaceId: string | null,
  query: { page: number; page_size: number; wallet_id?: number; direction?: number },
) =>
  useQuery({
    queryKey: ['transfer', 'records', spaceId, query],
    queryFn: () => api.get<OnChainRecordPage>(`${V1}/transfer/records`, query),
    enabled: Boolean(spaceId),
    placeholderData: keepPreviousData,
  });

/** The CSV exports (same filters as the lists). */
export async function exportCsv(kind: 'list' | 'records', query: Query): Promise<void> {
  const path = kind === 'list' ? `${V1}/transfer/list/export` : `${V1}/transfer/records/export`;
  const { blob, filename } = await apiDownload(path, query);
  saveBlob(blob, filename ?? `transfer-${kind}.csv`);
}
