import { describe, expect, it } from 'vitest';
import { resolveSentryDsn } from './observability';

describe('resolveSentryDsn', () => {
  it('uses the build-time DSN without asking the server', async () => {
    let asked = false;
    const dsn = await resolveSentryDsn(' https://key@sentry.example/1 ', async () => {
      asked = true;
      return 'https://other@sentry.example/2';
    });
    expect(dsn).toBe('https://key@sentry.example/1');
    expect(asked).toBe(false);
  });

  it("falls back to the server's DSN", async () => {
    expect(await resolveSentryDsn(undefined, async () => 'https://key@sentry.example/3')).toBe('https://key@sentry.example/3');
    expect(await resolveSentryDsn('  ', async () => 'https://key@sentry.example/3')).toBe('https://key@sentry.example/3');
  });

  it('is off when neither is set', async () => {
    expect(await resolveSentryDsn(undefined, async () => null)).toBe('');
    expect(await resolveSentryDsn('', async () => undefined)).toBe('');
  });
});
