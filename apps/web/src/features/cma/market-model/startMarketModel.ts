// Starts the market model's fit in a Web Worker (in the page when workers are unavailable) with progress and cancel.
import { fitAndEstimate, type MarketModelRequest, type MarketModelResult } from './marketModelCore';
import { runInWorker, type WorkerRun } from '../../../shared/workerRun';

export type RunningFit = WorkerRun<MarketModelResult>;

export class FitCancelled extends Error {
  constructor() {
    super('Market model cancelled.');
    this.name = 'FitCancelled';
  }
}

export function startMarketModel(request: MarketModelRequest, onProgress: (fraction: number) => void): RunningFit {
  let worker: Worker | null = null;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./marketModel.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  if (!worker) {
    let cancelled = false;
    const promise = new Promise<MarketModelResult>((resolve, reject) =>
      setTimeout(() => {
        if (cancelled) return reject(new FitCancelled());
        try {
          resolve(fitAndEstimate(request, onProgress));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }, 0),
    );
    return { promise, cancel: () => void (cancelled = true) };
  }
  return runInWorker(worker, request satisfies MarketModelRequest, onProgress, { stoppedMessage: 'The market model stopped unexpectedly.', cancelled: () => new FitCancelled() });
}
