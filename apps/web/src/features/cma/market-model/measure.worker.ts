/// <reference lib="webworker" />
// Measures the market off the main thread (measureCore), keeping the last pool and measurement between requests; the
// page cancels by terminating the worker.
import { createMeasurer, overallProgress, type MeasureRequest, type MeasureResult } from './measureCore';
import type { MeasureStage } from '@cma/cma';

export type MeasureReply =
  | { id: number; type: 'progress'; stage: MeasureStage; fraction: number }
  | { id: number; type: 'done'; result: MeasureResult }
  | { id: number; type: 'failed'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const measure = createMeasurer();

scope.onmessage = (event: MessageEvent<{ id: number; request: MeasureRequest }>) => {
  const { id, request } = event.data;
  try {
    const result = measure(request, (stage, fraction) => scope.postMessage({ id, type: 'progress', stage, fraction: overallProgress(stage, fraction) } satisfies MeasureReply));
    scope.postMessage({ id, type: 'done', result } satisfies MeasureReply);
  } catch (error) {
    scope.postMessage({ id, type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies MeasureReply);
  }
};
