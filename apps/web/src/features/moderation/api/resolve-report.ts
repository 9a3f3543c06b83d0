import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveReportBody, ResolveReportResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { moderationQueryRoot } from './moderation-queries';

/** POST /moderation/reports/{id}/resolve: resolves every open report on the same target. */
export function resolveReport(id: string, body: ResolveReportBody): Promise<ResolveReportResult> {
  return api.post(`/moderation/reports/${encodeURIComponent(id)}/resolve`, jsonBody(body), {
    schema: contract('resolveReportResultSchema'),
  });
}

/** After an action the queues and the log are read again: the item moves, the log grows. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveReportBody }) => resolveReport(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationQueryRoot }),
  });
}
