import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { SignerAddress } from './types';

export const signerAddressesKey = ['permission-address', 'list'] as const;

export const fetchSignerAddresses = () => api.get<{ list: SignerAddress[] }>(`${V1}/permission-address`);

export const signerAddressesQuery = () =>
  queryOptions({ queryKey: signerAddressesKey, queryFn: fetchSignerAddresses });

export const useSignerAddresses = () => useQuery(signerAddressesQuery());
