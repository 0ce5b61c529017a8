import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { V1 } from '@/lib/api-client';
import { NOTIFICATIONS_KEY, type NotificationItem } from './list-notifications';

/**
 * GET /notification/stream (Server-Sent Events, `event: notification`): new notifications arrive
 * live; the lists and the badge refresh and `onNotification` runs (a toast). The browser's
 * EventSource reconnects by itself after a dropped connection.
 */
export function useNotificationStream(enabled: boolean, onNotification: (item: NotificationItem) => void) {
  const client = useQueryClient();
  const handler = useRef(onNotification);
  handler.current = onNotification;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${V1}/notification/stream`, { withCredentials: true });
    const listener = (event: MessageEvent<string>) => {
      let item: NotificationItem | null = null;
      try {
        item = JSON.parse(event.data) as NotificationItem;
      } catch {
        return;
      }
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      // Space changes (role, block, join) may change what the user sees in the space too.
      if (item.category === 'message') void client.invalidateQueries({ queryKey: ['organization'] });
      handler.current(item);
    };
    source.addEventListener('notification', listener);
    return () => {
      source.removeEventListener('notification', listener);
      source.close();
    };
  }, [enabled, client]);
}
