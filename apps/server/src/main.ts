import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';

// Process entry: config → app → listen; graceful shutdown on SIGTERM/SIGINT.
async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    const target = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `PGlite in ${config.dataDir}`;
    process.stderr.write(`Cannot open the database (${target}): ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    process.stderr.write(`Cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}\n`);
    await app.close();
    process.exit(1);
  }
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The PDF workers load in the background now: the first report sent does not wait for them (issue 29: a send ≤ 3 s).
  app.ctx.pdfRenders.warmUp().catch((error: unknown) => app.log.warn({ err: error }, 'the PDF workers could not be started ahead'));
  process.stderr.write(`CMA Studio is running at http://${shown}:${port} (${app.ctx.database.kind}, mail: ${app.ctx.mail.transport}, billing: ${config.billing})\n`);
}

const redactUrl = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

await main();
