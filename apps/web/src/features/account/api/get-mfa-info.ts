import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaInfo } from '@keystead/contract/api/auth';
import { api, V1 } from '@/lib/api-client';

export type { MfaInfo };

export const MFA_INFO_KEY = ['account', 'mfa-info'] as const;
/** Reads only: the status, a removal waiting, the pending secret if one was drawn. */
export const fetchMfaInfo = () => api.get<MfaInfo>(`${V1}/user/mfa-info`);
export const mfaInfoQuery = () => queryOptions({ queryKey: MFA_INFO_KEY, queryFn: fetchMfaInfo });
export const useMfaInfo = (enabled = true) => useQuery({ ...mfaInfoQuery(), enabled });

/** Draws (or returns the already drawn) secret to bind: a POST, since it stores the secret. */
export const drawMfaSecret = () => api.post<MfaInfo>(`${V1}/user/mfa-info/secret`, {});
export const useMfaSecret = (enabled = true) =>
  useQuery({ queryKey: [...MFA_INFO_KEY, 'secret'], queryFn: drawMfaSecret, enabled, staleTime: Infinity });
