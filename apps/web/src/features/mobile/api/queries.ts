import { useQuery } from '@tanstack/react-query';
import {
  fetchMobileInheritance,
  fetchMobileSession,
  fetchMobileTasks,
  fetchSigners,
  fetchTaskInfo,
} from './mobile-api';

export const MOBILE_KEY = ['mobile'] as const;
export const sessionKey = [...MOBILE_KEY, 'session'] as const;
export const signersKey = [...MOBILE_KEY, 'signers'] as const;
export const inheritanceListKey = [...MOBILE_KEY, 'inheritance'] as const;
export const tasksKey = (address: string) => [...MOBILE_KEY, 'tasks', address.toLowerCase()] as const;

/** The screens say failures themselves (no toast); requests are tried even when the browser says offline. */
const phoneQuery = { meta: { silent: true }, networkMode: 'always', retry: false } as const;

export const useMobileSession = () =>
  useQuery({ ...phoneQuery, queryKey: sessionKey, queryFn: fetchMobileSession });

export const usePhoneSigners = (enabled: boolean) =>
  useQuery({ ...phoneQuery, queryKey: signersKey, queryFn: fetchSigners, enabled });

/** The list refreshes every 10 s while the page is visible, and when the phone comes back to it. */
export const useMobileTasks = (address: string) =>
  useQuery({
    ...phoneQuery,
    queryKey: tasksKey(address),
    queryFn: () => fetchMobileTasks(address),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export const useTaskInfo = (organizationId: number, taskId: number) =>
  useQuery({
    ...phoneQuery,
    queryKey: [...MOBILE_KEY, 'task', organizationId, taskId] as const,
    queryFn: () => fetchTaskInfo(organizationId, taskId),
  });

/** Nominations as heir: rarely change, so read on opening, on coming back to the page and on Retry. */
export const useMobileInheritance = () =>
  useQuery({
    ...phoneQuery,
    queryKey: inheritanceListKey,
    queryFn: fetchMobileInheritance,
    refetchOnWindowFocus: true,
  });
