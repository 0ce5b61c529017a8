import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';

/** §3 Address book entry. */
export interface AddressBookEntry {
  id: number;
  name: string;
  address: string;
  family: string | null;
  memo: string | null;
  description: string | null;
  ctime: string;
}

export interface AddressBookInput {
  name: string;
  address: string;
  memo?: string;
  description?: string;
  email_code: string;
}

const key = (spaceId: string | null) => ['address-book', spaceId] as const;

export const useAddressBook = (spaceId: string | null) =>
  useQuery({
    queryKey: key(spaceId),
    queryFn: () => api.get<{ list: AddressBookEntry[] }>(`${V1}/address-book`),
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
  useBookMutation(spaceId, (body: AddressBookInput) => api.post<{ id: number }>(`${V1}/address-book`, body));

export const useDeleteAddress = (spaceId: string | null) =>
  useBookMutation(spaceId, (body: { id: number; email_code: string }) =>
    api.delete<unknown>(`${V1}/address-book`, body),
  );
