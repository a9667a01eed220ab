// Starts a CSV import in a Web Worker (in-page when workers are unavailable) with progress and cancel.
import type { ColumnMapping, FormatOption } from '@cma/listings-import';
import { importListingsBytes, type FileImportResult } from './importCore';
import type { WorkerRequest } from './csvImport.worker';
import { runInWorker, type WorkerRun } from '../../../shared/workerRun';

export type RunningImport = WorkerRun<FileImportResult>;

export class ImportCancelled extends Error {
  constructor() {
    super('Import cancelled.');
    this.name = 'ImportCancelled';
  }
}

export function startImport(file: File, options: { format: FormatOption; mapping?: ColumnMapping }, onProgress: (fraction: number) => void): RunningImport {
  const request = { fileName: file.name, format: options.format, mapping: options.mapping };
  if (typeof Worker === 'undefined') return startInPage(file, request, onProgress);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./csvImport.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return startInPage(file, request, onProgress);
  }
  return runInWorker(worker, { ...request, file } satisfies WorkerRequest, onProgress, { stoppedMessage: 'The import stopped unexpectedly.', cancelled: () => new ImportCancelled() });
}

function startInPage(file: File, request: { fileName: string; format: FormatOption; mapping?: ColumnMapping }, onProgress: (fraction: number) => void): RunningImport {
  let cancelled = false;
  const promise = (async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return importListingsBytes(bytes, request, onProgress, async () => {
      await new Promise((r) => setTimeout(r, 0));
      if (cancelled) throw new ImportCancelled();
    });
  })();
  return {
    promise,
    cancel() {
      cancelled = true;
    },
  };
}

/** The import problems as a CSV the agent can download. */
export function problemsCsv(results: readonly FileImportResult[]): string {
  const lines = ['file,line,message'];
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  for (const result of results) for (const error of result.errors) lines.push([quote(result.fileName), String(error.line), quote(error.message)].join(','));
  return lines.join('\n') + '\n';
}
