import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoneReply } from '@keystead/contract/api/reply';
import type {
  AddAddressReply,
  AddressBookEntry,
  AddressBookList,
} from '@keystead/contract/api/transfer-replies';
import { api, V1 } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';

export type { AddressBookEntry };

export interface AddressBookInput {
  name: string;
  /** The chain whose address format the entry follows (EVM when left out). */
  chain_id?: string;
  address: string;
  memo?: string;
  description?: string;
  email_code: string;
}

const key = (spaceId: string | null) => ['address-book', spaceId] as const;

export const useAddressBook = (spaceId: string | null) =>
  useQuery({
    queryKey: key(spaceId),
    queryFn: () => api.get<AddressBookList>(`${V1}/address-book`),
    enabled: Boolean(spaceId),
  });

function useBookMutation<A>(spaceId: string | null, run: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: (error) => void showErrorToast(error),
    onSuccess: () => client.invalidateQueries({ queryKey: key(spaceId) }),
  });
}

export const useAddAddress = (spaceId: string | null) =>
  useBookMutation(spaceId, (body: AddressBookInput) => api.post<AddAddressReply>(`${V1}/address-book`, body));

export const useDeleteAddress = (spaceId: string | null) =>
  useBookMutation(spaceId, (body: { id: number; email_code: string }) =>
    api.delete<DoneReply>(`${V1}/address-book`, body),
  );
