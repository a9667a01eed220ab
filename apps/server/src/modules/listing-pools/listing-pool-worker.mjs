// Reads listing pool uploads off the server's event loop (decision 3001): a worker thread running listing-pool-thread.ts.
// Plain JS so it starts without a TypeScript loader; it registers tsx itself, then loads the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./listing-pool-thread.ts');
