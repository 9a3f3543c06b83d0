import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody, ReportCreated } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { myReportsKeyPrefix } from './get-my-reports';

/** POST /reports (JSON) → 201 `{id, status: 'open'}`. */
export function createReport(body: CreateReportBody): Promise<ReportCreated> {
  return api.post('/reports', jsonBody(body), { schema: contract('reportCreatedSchema') });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    // My Page › Reports lists it next time it is opened.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myReportsKeyPrefix }),
  });
}
