#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so `npx cma` works straight after `npm install`.
import { register } from 'tsx/esm/api';

// A reader that stops early (`cma import … | head`) closes the pipe: our output is done, that is no failure.
// Without a handler the write error is thrown as an unhandled 'error' event with a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
// Logs nobody reads any more must not stop the result going to stdout.
process.stderr.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
});

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
