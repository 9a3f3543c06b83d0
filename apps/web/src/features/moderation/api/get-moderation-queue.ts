import { useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { moderationPageQueryOptions } from './moderation-queries';

/** GET /moderation/reports?status&skip&limit: reports grouped by target, oldest first. */
export const getModerationQueueQueryOptions = (status: ReportStatus, skip: number) =>
  moderationPageQueryOptions(
    {
      key: ['queue', status],
      path: '/moderation/reports',
      schema: contract('moderationQueueSchema'),
      params: { status },
    },
    skip,
  );

export function useModerationQueue(status: ReportStatus, skip: number) {
  return useQuery(getModerationQueueQueryOptions(status, skip));
}
