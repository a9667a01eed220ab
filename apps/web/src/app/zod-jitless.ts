// zod 4 probes `new Function` to JIT its object parsers; under our CSP (no 'unsafe-eval') that probe is reported as a
// violation. Jitless parsing is as correct and fast enough for forms.
// Set in zod's shared configuration object (what `z.config()` writes, kept on globalThis so every copy of zod reads it)
// without importing zod: the landing page's app does not carry zod (3.9 KB gzipped) just to configure it. zod-jitless.test.ts
// checks that zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
export {};
