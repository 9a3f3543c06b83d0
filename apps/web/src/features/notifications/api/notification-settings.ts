import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationType } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

/** GET /notifications/settings: which types the member wants told of. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get('/notifications/settings', {
    schema: contract('notificationSettingsSchema'),
    signal,
  });
}

/** PUT /notifications/settings with the one type that changed; answers with all of them. */
export function updateNotificationSetting(
  type: NotificationType,
  enabled: boolean,
): Promise<NotificationSettings> {
  return api.request('PUT', '/notifications/settings', {
    body: jsonBody({ [type]: enabled }),
    schema: contract('notificationSettingsSchema'),
  });
}

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}

export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, enabled }: { type: NotificationType; enabled: boolean }) =>
      updateNotificationSetting(type, enabled),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
