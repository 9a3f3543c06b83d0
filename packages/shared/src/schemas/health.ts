import { z } from 'zod';

/** GET /healthz: 200 when the database answers, 503 otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
