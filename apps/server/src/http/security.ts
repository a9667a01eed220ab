import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyCors from '@fastify/cors';
import type { AppConfig } from '../config';

/** Security headers, a strict Content-Security-Policy built from what the configuration actually needs, and CORS for PUBLIC_URL only. */
export async function installSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const origins = (url: string | null | undefined) => {
    if (!url) return [];
    try {
      return [new URL(url.replace(/\{[a-z]\}/g, 'a')).origin];
    } catch {
      return [];
    }
  };
  const stripe = config.billing === 'stripe';
  const sentry = origins(config.sentryDsn);
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the /report page's PDF renderer lays pages out with a WebAssembly module (yoga).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // React and toast libraries inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...origins(config.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        // data: — the PDF renderer fetches its WebAssembly from a data: URL (reads nothing from, sends nothing to, any host).
        connectSrc: ["'self'", 'data:', ...sentry, ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", 'blob:', ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The PDF preview embeds a blob: URL; COEP would block it.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, !origin || origin === new URL(config.publicUrl).origin),
    credentials: false,
  });
}

/**
 * The headers helmet sets for these options, computed once: our policy is static, and helmet would rebuild the CSP
 * string on every response (a tenth of a cached read's CPU time).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Request URLs as logged: secrets carried in paths or query strings are masked. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/r\/|\/api\/report-links\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|key|signature|code)=)[^&#]*/gi, '$1[redacted]');
}
