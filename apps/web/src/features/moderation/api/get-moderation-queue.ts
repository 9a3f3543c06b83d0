import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  MODERATION_DEFAULT_LIMIT,
  type ModerationQueueItem,
  type ReportStatus,
} from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

export const moderationQueryRoot = ['moderation'] as const;

/** GET /moderation/reports?status&skip&limit: reports grouped by target, oldest first. */
export function getModerationQueue(
  status: ReportStatus,
  skip: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ModerationQueueItem[]> {
  return api.get('/moderation/reports', {
    params: { status, skip, limit: MODERATION_DEFAULT_LIMIT },
    schema: contract('moderationQueueSchema'),
    signal,
  });
}

export const getModerationQueueQueryOptions = (status: ReportStatus, skip: number) =>
  queryOptions({
    queryKey: [...moderationQueryRoot, 'queue', status, skip],
    queryFn: ({ signal }) => getModerationQueue(status, skip, { signal }),
    // Other moderators work the same queue: show it as it is now whenever it is opened.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useModerationQueue(status: ReportStatus, skip: number) {
  return useQuery(getModerationQueueQueryOptions(status, skip));
}
