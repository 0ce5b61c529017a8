import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, V1 } from '@/lib/api-client';
import type { SignerAddressList } from './types';

export const signerAddressesKey = ['permission-address', 'list'] as const;

export const fetchSignerAddresses = () => api.get<SignerAddressList>(`${V1}/permission-address`);

export const signerAddressesQuery = () =>
  queryOptions({ queryKey: signerAddressesKey, queryFn: fetchSignerAddresses });

export const useSignerAddresses = () => useQuery(signerAddressesQuery());
