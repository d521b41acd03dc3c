import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number().nonnegative(),
  }),
  version: z.string(),
  uptime_s: z.number().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;
