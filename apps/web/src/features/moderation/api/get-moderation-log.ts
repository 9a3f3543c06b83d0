import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MODERATION_DEFAULT_LIMIT, type ModerationLogEntry } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { moderationQueryRoot } from './get-moderation-queue';

/** GET /moderation/log?skip&limit: every moderator action, newest first. */
export function getModerationLog(
  skip: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ModerationLogEntry[]> {
  return api.get('/moderation/log', {
    params: { skip, limit: MODERATION_DEFAULT_LIMIT },
    schema: contract('moderationLogSchema'),
    signal,
  });
}

export const getModerationLogQueryOptions = (skip: number) =>
  queryOptions({
    queryKey: [...moderationQueryRoot, 'log', skip],
    queryFn: ({ signal }) => getModerationLog(skip, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useModerationLog(skip: number) {
  return useQuery(getModerationLogQueryOptions(skip));
}
