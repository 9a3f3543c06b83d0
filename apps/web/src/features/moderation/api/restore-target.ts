import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreBody, RestoreParams } from '@symposia/shared';
import { api, jsonBody } from '@/lib/api-client';
import { moderationQueryRoot } from './moderation-queries';

/** POST /moderation/{target_type}/{id}/restore: undoes a hide. */
export async function restoreTarget(target: RestoreParams, body: RestoreBody): Promise<void> {
  await api.post(
    `/moderation/${target.target_type}/${encodeURIComponent(target.id)}/restore`,
    jsonBody(body),
  );
}

export function useRestoreTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: RestoreParams; body: RestoreBody }) =>
      restoreTarget(target, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationQueryRoot }),
  });
}
