import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns jitless parsing on in the configuration zod reads, whichever is imported first', async () => {
    await import('./zod-jitless');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // and zod still parses objects with it
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
