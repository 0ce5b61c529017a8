import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ESCROW_DECISIONS, EscrowLogItem, escrowLogReply } from '@keystead/contract/api/escrow';
import { api, apiDownload, saveBlob, WEB_V4 } from '@/lib/api-client';
import { EXCHANGE_KEY } from './exchange-keys';

export type { EscrowLogItem };
export type EscrowLogPage = z.infer<typeof escrowLogReply>;
export type EscrowDecision = (typeof ESCROW_DECISIONS)[number];

export interface EscrowLogQuery {
  wallet_id: number;
  decision?: EscrowDecision;
  page: number;
  page_size: number;
}

/** GET /v4/escrow/audit-logs: every decision on a bot's order, newest first. */
export const escrowLogQuery = (query: EscrowLogQuery) =>
  queryOptions({
    queryKey: [...EXCHANGE_KEY, 'escrow-log', query] as const,
    queryFn: () => api.get<EscrowLogPage>(`${WEB_V4}/escrow/audit-logs`, { ...query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useEscrowLog = (query: EscrowLogQuery) => useQuery(escrowLogQuery(query));

/** GET /v4/escrow/audit-logs/export: the log (this account, this decision) as CSV. */
export async function exportEscrowLog(walletId: number, decision?: EscrowDecision): Promise<void> {
  const { blob, filename } = await apiDownload(`${WEB_V4}/escrow/audit-logs/export`, {
    wallet_id: walletId,
    decision,
  });
  saveBlob(blob, filename ?? 'escrow-log.csv');
}

export const useExportEscrowLog = (walletId: number) =>
  useMutation({ mutationFn: (decision?: EscrowDecision) => exportEscrowLog(walletId, decision) });
