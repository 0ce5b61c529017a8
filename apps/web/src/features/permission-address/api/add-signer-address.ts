import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AddSignerReply } from '@keystead/contract/api/wallet-replies';
import type { addSignerBody } from '@keystead/contract/api/wallets';
import { api, V1 } from '@/lib/api-client';
import { signerAddressesKey } from './list-signer-addresses';

export interface AddSignerInput {
  name: string;
  address: string;
  /** EVM owners, Tron addresses (T…), XRP Ledger accounts (classic r… addresses) or Solana keys (base58). */
  family: 'EVM' | 'TRX' | 'XRP' | 'SOL';
  description?: string;
  /** Where the key lives: a browser wallet, the devnet signer, a Ledger, a QR signer… */
  source: z.output<typeof addSignerBody>['source'];
  /** Its derivation path on the device, when a device named it. */
  path?: string;
}

export const addSignerAddress = (body: AddSignerInput) =>
  api.post<AddSignerReply>(`${V1}/permission-address`, body);

export function useAddSignerAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addSignerAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: signerAddressesKey }),
  });
}
