import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, ReportCreated } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';

/** POST /reports (JSON) → 201 `{id, status: 'open'}`. */
export function createReport(body: CreateReportBody): Promise<ReportCreated> {
  return api.post('/reports', jsonBody(body), { schema: contract('reportCreatedSchema') });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
