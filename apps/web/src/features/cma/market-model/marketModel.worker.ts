/// <reference lib="webworker" />
// Fits the market model off the main thread, posting progress; the page cancels by terminating the worker.
import { fitAndEstimate, type MarketModelRequest, type MarketModelResult } from './marketModelCore';
import type { WorkerReply } from '../../../shared/workerRun';

export type MarketModelMessage = WorkerReply<MarketModelResult>;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<MarketModelRequest>) => {
  try {
    const result = fitAndEstimate(event.data, (fraction) => scope.postMessage({ type: 'progress', fraction } satisfies MarketModelMessage));
    scope.postMessage({ type: 'done', result } satisfies MarketModelMessage);
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies MarketModelMessage);
  }
};
