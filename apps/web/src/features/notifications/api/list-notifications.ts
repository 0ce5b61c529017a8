import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem, NotificationPage } from '@keystead/contract/api/spaces';
import { api, V1 } from '@/lib/api-client';

export type { NotificationItem, NotificationPage };

export interface NotificationQuery {
  tab: 'all' | 'transfer' | 'message';
  hide_read: boolean;
  keyword?: string;
  page_size: number;
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const fetchNotifications = (query: NotificationQuery) =>
  api.get<NotificationPage>(
    `${V1}/notification`,
    {
      tab: query.tab,
      hide_read: String(query.hide_read),
      keyword: query.keyword,
      page: 1,
      page_size: query.page_size,
    },
    { organizationId: null },
  );

export const notificationsQuery = (query: NotificationQuery) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', query],
    queryFn: () => fetchNotifications(query),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (query: NotificationQuery, enabled: boolean) =>
  useQuery({ ...notificationsQuery(query), enabled });

/** The bell's badge: the unread count from the smallest page. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: () => fetchNotifications({ tab: 'all', hide_read: true, page_size: 1 }),
    select: (page) => page.unread_count,
    enabled,
    meta: { silent: true },
  });
