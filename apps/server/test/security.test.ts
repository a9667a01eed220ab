import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/security';
import { createTestApp, type TestApp } from './helpers';

describe('security headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://app.cmastudio.test' });
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.app.inject({ url: '/api/faq-list' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/'unsafe-eval'/); // 'wasm-unsafe-eval' (React-PDF's layout engine) allows WebAssembly only, never JS eval
    expect(csp).not.toContain('js.stripe.com'); // test-mode billing loads no third-party script
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('allows cross-origin calls only from PUBLIC_URL', async () => {
    const allowed = await t.app.inject({ url: '/api/faq-list', headers: { origin: 'https://app.cmastudio.test' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.cmastudio.test');
    const refused = await t.app.inject({ url: '/api/faq-list', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('masks tokens in logged URLs', () => {
    expect(redactUrl('/reset-password/abc123?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/x?token=secret&page=2')).toBe('/api/x?token=[redacted]&page=2');
  });
});
