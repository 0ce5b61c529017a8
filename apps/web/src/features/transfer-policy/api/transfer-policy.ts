import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  PolicyDocument,
  PolicyTestReply,
  TaskPolicyReply,
  TransferPolicyReply,
  policyTestBody,
  policyVoteBody,
} from '@keystead/contract/api/transfer-policy';
import { api, isApiError, V1 } from '@/lib/api-client';

export type { PolicyDocument, PolicyTestReply, TaskPolicyReply, TransferPolicyReply };
export type PolicyTestBody = z.input<typeof policyTestBody>;
export type PolicyVoteBody = z.input<typeof policyVoteBody>;

const policyKey = (spaceId: string) => ['transfer-policy', spaceId] as const;

/** GET /transfer-policy: the policy in force, the change waiting, the space's admins and members. */
export const transferPolicyQuery = (spaceId: string) =>
  queryOptions({
    queryKey: policyKey(spaceId),
    queryFn: () => api.get<TransferPolicyReply>(`${V1}/transfer-policy`),
    // The page shows a failure with Retry: no toast as well.
    meta: { silent: true },
  });

export const useTransferPolicy = (spaceId: string) => useQuery(transferPolicyQuery(spaceId));

/** Every change answers with the policy view after it: it replaces what the page shows. */
function usePolicyMutation<T>(
  spaceId: string,
  send: (body: T) => Promise<TransferPolicyReply>,
  silent = false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...(silent ? { meta: { silent: true } } : {}),
    onSuccess: (view) => client.setQueryData(policyKey(spaceId), view),
  });
}

/** POST /transfer-policy/changes: propose a whole new document (the editor shows a refusal beside itself). */
export const useProposePolicy = (spaceId: string) =>
  usePolicyMutation(
    spaceId,
    (document: PolicyDocument) =>
      api.post<TransferPolicyReply>(`${V1}/transfer-policy/changes`, { document }),
    true,
  );

/** POST /transfer-policy/changes/approve: another admin approves (1) or rejects (2) the waiting change. */
export const useVotePolicy = (spaceId: string) =>
  usePolicyMutation(spaceId, (body: PolicyVoteBody) =>
    api.post<TransferPolicyReply>(`${V1}/transfer-policy/changes/approve`, body),
  );

/** POST /transfer-policy/changes/revoke: its proposer withdraws the waiting change. */
export const useRevokePolicy = (spaceId: string) =>
  usePolicyMutation(spaceId, (changeId: number) =>
    api.post<TransferPolicyReply>(`${V1}/transfer-policy/changes/revoke`, { change_id: changeId }),
  );

/** POST /transfer-policy/test: the dry run (nothing is stored). */
export const usePolicyTest = () =>
  useMutation({
    mutationFn: (body: PolicyTestBody) => api.post<PolicyTestReply>(`${V1}/transfer-policy/test`, body),
    meta: { silent: true },
  });

/** What a refusal says: the server's message (in the user's language), or `fallback` without a reply. */
export const refusalText = (error: unknown, fallback: string) =>
  isApiError(error) && !error.isNetwork ? error.message : fallback;
