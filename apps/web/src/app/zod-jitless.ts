import { config } from 'zod';

// zod 4 probes `new Function` to JIT its object parsers; under our CSP (no 'unsafe-eval') that probe is reported as a
// violation. Jitless parsing is as correct and fast enough for forms.
config({ jitless: true });
