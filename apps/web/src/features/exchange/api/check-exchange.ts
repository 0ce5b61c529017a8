import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExchangeApiInput,
  ExchangeCheckStepResult,
  exchangeCheckBody,
  exchangeCheckReply,
} from '@keystead/contract/api/exchanges';
import { api, isApiError, WEB_V4 } from '@/lib/api-client';

export type { ExchangeApiInput, ExchangeCheckStepResult };
export type ExchangeCheckBody = z.input<typeof exchangeCheckBody>;
export type ExchangeCheckReply = z.infer<typeof exchangeCheckReply>;

/**
 * POST /v4/wallets/exchange/check: the four-step connectivity test. A failure is the failing
 * step's catalogue code (its message in the reply's message) with every step's result as data.
 */
export const checkExchange = (body: ExchangeCheckBody) =>
  api.post<ExchangeCheckReply>(`${WEB_V4}/wallets/exchange/check`, body);

/** The steps a refused check reported, or null when the refusal came before any step (e.g. a plan limit). */
export function failedCheckSteps(error: unknown): ExchangeCheckStepResult[] | null {
  if (!isApiError(error)) return null;
  const data = error.data as { steps?: unknown } | null;
  return Array.isArray(data?.steps) ? (data.steps as ExchangeCheckStepResult[]) : null;
}

// The wizard shows the outcome of every step itself: no toast.
export const useCheckExchange = () => useMutation({ mutationFn: checkExchange, meta: { silent: true } });
