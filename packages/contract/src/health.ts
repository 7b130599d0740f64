import { z } from 'zod';

export const healthBody = z.object({ status: z.literal('ok') });
export const readyBody = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
  /** Present when the API runs with REDIS_URL. */
  redis: z.boolean().optional(),
  /** The file store (DATA_DIR/uploads, or the S3 bucket) takes files. */
  storage: z.boolean(),
  /** Why the instance is not ready, naming the dependency that is down. */
  message: z.string().optional(),
});
