/// <reference lib="webworker" />
// Parses one uploaded CSV off the main thread, posting progress; the page cancels by terminating the worker.
import { importListingsBytes, type ImportRequest } from './importCore';
import type { WorkerReply } from '../../../shared/workerRun';

export type WorkerRequest = ImportRequest & { file: Blob };
export type WorkerMessage = WorkerReply<Awaited<ReturnType<typeof importListingsBytes>>>;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { file, ...request } = event.data;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await importListingsBytes(bytes, request, (fraction) => scope.postMessage({ type: 'progress', fraction } satisfies WorkerMessage));
    scope.postMessage({ type: 'done', result } satisfies WorkerMessage);
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
  }
};
