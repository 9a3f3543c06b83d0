import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

/** GET /notifications/preferences: per kind, the bell and email; the digest (issue 30). */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get('/notifications/preferences', {
    schema: contract('notificationPreferencesSchema'),
    signal,
  });
}

/** PUT /notifications/preferences with all of them; answers what is stored. */
export function saveNotificationPreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return api.request('PUT', '/notifications/preferences', {
    body: jsonBody(preferences),
    schema: contract('notificationPreferencesSchema'),
  });
}

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
