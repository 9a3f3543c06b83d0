import { useQuery } from '@tanstack/react-query';
import { contract } from '@/lib/answer-schema';
import { moderationPageQueryOptions } from './moderation-queries';

/** GET /moderation/log?skip&limit: every moderator action, newest first. */
export const getModerationLogQueryOptions = (skip: number) =>
  moderationPageQueryOptions(
    { key: ['log'], path: '/moderation/log', schema: contract('moderationLogSchema') },
    skip,
  );

export function useModerationLog(skip: number) {
  return useQuery(getModerationLogQueryOptions(skip));
}
