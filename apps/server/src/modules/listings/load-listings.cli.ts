// Admin command: load MLS CSV exports into the listing database, as the listings of one MLS source.
//   npx tsx apps/server/src/modules/listings/load-listings.cli.ts FILE.csv [FILE2.csv …] [--format auto|recolorado|ppar] [--mls NAME]
// The listings belong to the MLS source NAME (created without a feed when new; default: the file's format, e.g.
// recolorado), so only that MLS's members see them (decision 2803).
// Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (default ./data). With the embedded
// database, stop the server first: PGlite does not lock its folder, so two processes must not open it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@cma/db';
import { decodeListingsBytes, formatOptionOf, parseListingsCsv, printableText, type FormatOption } from '@cma/listings-import';
import { parseConfig } from '../../config';
import { createListingsRepository } from './listings.repository';
import { createMlsRepository } from '../mls/mls.repository';
import { MLS_SOURCE_NAME } from '../mls/mls.service';

const USAGE = 'usage: load-listings FILE.csv [FILE.csv …] [--format auto|recolorado|ppar] [--mls NAME]';

export interface LoadArguments {
  files: string[];
  format: FormatOption;
  /** The MLS source the listings belong to (default: the file's format). */
  mls: string | null;
}

export function parseLoadArguments(argv: string[]): LoadArguments {
  const files: string[] = [];
  let format: FormatOption = 'auto';
  let mls: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--mls' || arg.startsWith('--mls=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      if (!value || !MLS_SOURCE_NAME.test(value)) throw new Error(`--mls must name an MLS source (lower-case letters, digits, - or _; got ${value ?? 'nothing'})\n${USAGE}`);
      mls = value;
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      if (value !== 'auto' && value !== 'recolorado' && value !== 'ppar') throw new Error(`--format must be auto, recolorado or ppar (got ${value ?? 'nothing'})\n${USAGE}`);
      format = value;
    } else if (arg === '--help' || arg === '-h') {
      throw new Error(USAGE);
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    } else files.push(arg);
  }
  if (files.length === 0) throw new Error(USAGE);
  return { files, format, mls };
}

async function main(): Promise<number> {
  let args: LoadArguments;
  try {
    args = parseLoadArguments(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const config = parseConfig(process.env);
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const repository = createListingsRepository(database);
  const sources = createMlsRepository(database);
  let failed = false;
  try {
    for (const file of args.files) {
      const started = performance.now();
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        console.error(`${printableText(file)}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
        failed = true;
        continue;
      }
      // Listings are stored by their Listing Id: a row without one is reported here, not dropped by the upsert.
      const result = parseListingsCsv(decodeListingsBytes(bytes).text, { format: args.format, uuid: randomUUID, requireListingId: true });
      if (result.unmappedRequired.length > 0) {
        const headers = result.headers.map(printableText).join(', ');
        console.error(`${printableText(file)}: required columns not recognised: ${result.unmappedRequired.join(', ')} (headers: ${headers})`);
        failed = true;
        continue;
      }
      const source = formatOptionOf(result.format);
      const mls = await sources.ensureSource(args.mls ?? source);
      const written = await repository.upsert(result.records.map((record) => ({ source, record, mlsSourceId: mls.id })), new Date());
      const ms = Math.round(performance.now() - started);
      console.log(`${printableText(path.basename(file))}: MLS ${mls.name}, format ${result.format}${args.format === 'auto' ? ' (detected)' : ''}; rows read ${result.rows}, records ${result.kept}, listings written ${written}, problems ${result.errors.length}; ${ms} ms`);
      // Messages quote cells: a file's escape sequences must not reach the terminal.
      for (const problem of result.errors.slice(0, 20)) console.log(`  line ${problem.line}: ${printableText(problem.message)}`);
      if (result.errors.length > 20) console.log(`  … and ${result.errors.length - 20} more`);
    }
    console.log(`listings in the database: ${await repository.count()}`);
  } finally {
    await database.close();
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
