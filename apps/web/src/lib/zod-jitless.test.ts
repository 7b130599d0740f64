import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off zod’s code generation for the schemas built after it', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Schemas still parse (without the compiled fast path).
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
    expect(z.object({ a: z.number() }).safeParse({ a: 'x' }).success).toBe(false);
  });
});
