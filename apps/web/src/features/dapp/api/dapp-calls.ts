import { useMutation, useQuery } from '@tanstack/react-query';
import type { DappCall, DappParse, DappTaskInfo } from '@keystead/contract/api/dapp';
import type { TransferTask } from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';
import type { DappMessageRequest } from '../safe-host';

export type { DappCall, DappParse, DappTaskInfo, TransferTask };

/** POST /dapp/parse: a Dapp's calls decoded and each run alone from the wallet now (for the review). */
export const useParsedCalls = (walletId: number, calls: DappCall[] | null) =>
  useQuery({
    queryKey: ['dapp', 'parse', walletId, calls] as const,
    queryFn: () => api.post<DappParse>(`${V1}/dapp/parse`, { wallet_id: walletId, calls }),
    enabled: walletId > 0 && calls !== null,
    // What the calls would do now: read again for every request, never from an old one.
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });

/** POST /task/dapp-create: the Dapp task (type 6) carrying the calls. */
export const useCreateDappTask = () =>
  useMutation({
    mutationFn: (body: { wallet_id: number; dapp: { name: string; url: string }; calls: DappCall[] }) =>
      api.post<TransferTask>(`${V1}/task/dapp-create`, body),
    meta: { silent: true },
  });

/** POST /task/dapp-message: the Dapp task (type 6) asking the Safe's owners to sign a message. */
export const useCreateDappMessage = () =>
  useMutation({
    mutationFn: (body: {
      wallet_id: number;
      dapp: { name: string; url: string };
      message: DappMessageRequest;
    }) => api.post<TransferTask>(`${V1}/task/dapp-message`, body),
    meta: { silent: true },
  });

/** GET /task/dapp: where a Dapp task stands (the Dapp asks through getTxBySafeTxHash). */
export const fetchDappTask = (taskId: number) =>
  api.get<DappTaskInfo>(`${V1}/task/dapp`, { task_id: taskId });

/** GET /task/dapp by wallet and safeTxHash (or message hash): a request made from another page. */
export const fetchDappTaskByHash = (walletId: number, hash: string) =>
  api.get<DappTaskInfo>(`${V1}/task/dapp`, { wallet_id: walletId, safe_tx_hash: hash });

/** POST /dapp/rpc: a Safe App's read of the chain (rpcCall) through the wallet's node. */
export const readChainForDapp = (walletId: number, method: string, params: unknown[]) =>
  api
    .post<{ result: unknown }>(`${V1}/dapp/rpc`, { wallet_id: walletId, method, params })
    .then((reply) => reply.result);
