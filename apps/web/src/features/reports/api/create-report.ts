import { useMutation } from '@tanstack/react-query';
import { reportCreatedSchema, type CreateReportBody, type ReportCreated } from '@symposia/shared';
import { api, jsonBody } from '@/lib/api-client';

/** POST /reports (JSON) → 201 `{id, status: 'open'}`. */
export function createReport(body: CreateReportBody): Promise<ReportCreated> {
  return api.post('/reports', jsonBody(body), { schema: reportCreatedSchema });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
