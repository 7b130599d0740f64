import { z } from 'zod';

export const healthBody = z.object({ status: z.literal('ok') });
export const readyBody = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
});
