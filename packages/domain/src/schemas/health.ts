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

/** `health/live/`: the process answers; an orchestrator restarts it when this fails. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * `health/ready/`: whether this instance should be sent traffic; 503 while something is missing
 * or while it shuts down.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    /** A statement answered. */
    database: z.boolean(),
    /** Every migration this build carries is applied. */
    migrations: z.boolean(),
    /** The LISTEN/NOTIFY connection is up (live orders, other instances' changes). */
    listener: z.boolean(),
    /** Not shutting down. */
    accepting: z.boolean(),
  }),
  /**
   * Where pictures are kept (a bucket): `degraded` while it cannot be reached. Pictures and uploads
   * then answer 503, but pages and the API still work, so it does not take the instance out.
   */
  storage: z.enum(['ok', 'degraded']),
});
export type Readiness = z.infer<typeof readinessSchema>;
