import { useMutation } from '@tanstack/react-query';
import { type CreateReportBody, type ReportCreated } from '@symposia/shared';
import { api, jsonBody } from '@/lib/api-client';
import { contract } from '@/lib/answer-schema';

/** POST /reports (JSON) → 201 `{id, status: 'open'}`. */
export function createReport(body: CreateReportBody): Promise<ReportCreated> {
  return api.post('/reports', jsonBody(body), { schema: contract('reportCreatedSchema') });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
