import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadBody, Notification } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { unreadCount } from '../stores/unread-count';
import { notificationsQueryRoot } from './get-notifications';

/** POST /notifications/read (JSON `{ids}` or `{all: true}`) → how many were marked. */
export function markNotificationsRead(body: MarkNotificationsReadBody): Promise<{ count: number }> {
  return api.post('/notifications/read', jsonBody(body), {
    schema: contract('markNotificationsReadResultSchema'),
  });
}

/**
 * Marking read shows at once: the items lose their unread mark and the bell's count drops; the
 * stream then reports the server's count. Once answered, the list is read again from the server.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      // A list read before the change must not land after it and show them unread again.
      await queryClient.cancelQueries({ queryKey: notificationsQueryRoot });
      const marks = (item: Notification) => 'all' in body || body.ids.includes(item.id);
      const newlyRead = new Set<string>();
      for (const [, list] of queryClient.getQueriesData<Notification[]>({
        queryKey: notificationsQueryRoot,
      })) {
        list?.forEach((item) => {
          if (!item.read && marks(item)) newlyRead.add(item.id);
        });
      }
      queryClient.setQueriesData<Notification[]>({ queryKey: notificationsQueryRoot }, (list) =>
        list?.map((item) => (marks(item) ? { ...item, read: true } : item)),
      );
      const count = unreadCount.get();
      if ('all' in body) unreadCount.set(0);
      else if (count !== null) unreadCount.set(Math.max(0, count - newlyRead.size));
    },
    // Then the list as the server has it (after a failure: as it was).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryRoot }),
  });
}
