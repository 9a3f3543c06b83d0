import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
  type Notification,
} from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

export const notificationsQueryRoot = ['notifications', 'list'] as const;

/** How many the panel asks for after "Show older" was pressed `more` times. */
export const notificationsLimit = (more: number) =>
  Math.min(NOTIFICATIONS_DEFAULT_LIMIT * (more + 1), NOTIFICATIONS_MAX_LIMIT);

/** GET /notifications?limit: the newest first. */
export function getNotifications(
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Notification[]> {
  return api.get('/notifications', {
    params: { skip: 0, limit },
    schema: contract('notificationListSchema'),
    signal,
  });
}

/**
 * The newest `limit` notifications as one list (the panel shows at most NOTIFICATIONS_MAX_LIMIT):
 * one query rather than pages, so marking read and the live count refresh one list.
 */
export const getNotificationsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...notificationsQueryRoot, limit],
    queryFn: ({ signal }) => getNotifications(limit, { signal }),
    // The panel shows what is new each time it opens; older ones stay while more load.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useNotifications(limit: number) {
  return useQuery(getNotificationsQueryOptions(limit));
}
