import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteSignerReply } from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';
import { signerAddressesKey } from './list-signer-addresses';

/** Deletes, or marks for deletion while wallets still use it; needs an e-mailed code (permission_address_delete). */
export const deleteSignerAddress = (body: { id: number; email_code: string }) =>
  api.delete<DeleteSignerReply>(`${V1}/permission-address`, body);

export function useDeleteSignerAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSignerAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: signerAddressesKey }),
  });
}
