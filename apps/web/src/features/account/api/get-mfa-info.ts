import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaInfo } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { MfaInfo };

export const MFA_INFO_KEY = ['account', 'mfa-info'] as const;
export const fetchMfaInfo = () => api.get<MfaInfo>(`${V1}/user/mfa-info`);
export const mfaInfoQuery = () => queryOptions({ queryKey: MFA_INFO_KEY, queryFn: fetchMfaInfo });
export const useMfaInfo = (enabled = true) => useQuery({ ...mfaInfoQuery(), enabled });
