import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@cma/report/map-layout';

// Configuration is environment variables only, parsed and validated once at boot (DESIGN.md §4).
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const urlWithProtocols = (protocols: string[], name: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 3000 : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= 0 && n <= 65535, { message: 'PORT must be an integer from 0 to 65535' }),
  HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optionalString.transform((v) => path.resolve(v ?? './data')),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'DATABASE_URL'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'PUBLIC_URL'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP_URL'),
  MAIL_FROM: optionalString.transform((v) => v ?? 'CMA Studio <no-reply@cmastudio.app>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'STRIPE_API_URL'),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'S3_ENDPOINT'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  RESO_URL: urlWithProtocols(['http:', 'https:'], 'RESO_URL'),
  RESO_TOKEN: optionalString,
  MLS_SECRET_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, { message: 'MLS_SECRET_KEY must be at least 32 characters' }),
  // 'off' turns street maps off (the offline drawing everywhere); otherwise an http(s) tile template with {z}, {x} and {y}.
  MAP_TILE_URL: optionalString.refine((v) => v === undefined || v === 'off' || (/^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))), {
    message: "MAP_TILE_URL must be 'off' or an http(s) URL with {z}, {x} and {y}",
  }),
  MAP_TILE_ATTRIBUTION: optionalString,
  SENTRY_DSN: optionalString,
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: optionalString,
  REPORT_LINK_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, { message: 'REPORT_LINK_KEY must be at least 32 characters' }),
});

export type AppConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const name = first.path.join('.') || 'environment';
    // A secret's value is never echoed (a short key, a token): only that it was refused.
    const got = /SECRET|TOKEN|KEY|PASSWORD/.test(name) ? 'a value' : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid configuration: ${name}: ${first.message} (got ${got})`);
  }
  const e = parsed.data;
  const stripe = e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    billing: stripe ? ('stripe' as const) : ('test' as const),
    stripe: stripe
      ? { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : undefined,
    s3: e.S3_BUCKET
      ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION ?? 'us-east-1', accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined,
    reso: e.RESO_URL ? { url: e.RESO_URL, token: e.RESO_TOKEN } : undefined,
    // MLS sources' tokens and client secrets are stored encrypted under this key when it is set (decision 2801).
    mlsSecretKey: e.MLS_SECRET_KEY ?? null,
    // Street maps use OpenStreetMap's standard tiles unless MAP_TILE_URL names another source or 'off' (decision 2070).
    mapTileUrl: e.MAP_TILE_URL === 'off' ? null : (e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL),
    mapAttribution: e.MAP_TILE_ATTRIBUTION ?? DEFAULT_MAP_ATTRIBUTION,
    sentryDsn: e.SENTRY_DSN ?? null,
    // Demo listings are seeded in the embedded default, never on PostgreSQL unless asked.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    // Behind a load balancer, TRUST_PROXY (true, a hop count or a CIDR list) lets X-Forwarded-For name the client; never by default,
    // or anyone could spoof an address to get around per-IP rate limits.
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    // The key live-link tokens are derived with (decision 2030); without it, one is generated and kept in the database.
    reportLinkKey: e.REPORT_LINK_KEY ?? null,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
