// Starts the market model's fit in a Web Worker (in the page when workers are unavailable) with progress and cancel.
import { fitAndEstimate, type MarketModelRequest, type MarketModelResult } from './marketModelCore';
import type { MarketModelMessage } from './marketModel.worker';

export interface RunningFit {
  promise: Promise<MarketModelResult>;
  cancel(): void;
}

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
  const running = worker;
  let rejectRun: (error: Error) => void = () => {};
  const promise = new Promise<MarketModelResult>((resolve, reject) => {
    rejectRun = reject;
    running.onmessage = (event: MessageEvent<MarketModelMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.fraction);
      else {
        running.terminate();
        if (message.type === 'done') resolve(message.result);
        else reject(new Error(message.message));
      }
    };
    running.onerror = (event) => {
      running.terminate();
      reject(new Error(event.message || 'The market model stopped unexpectedly.'));
    };
    running.postMessage(request satisfies MarketModelRequest);
  });
  return {
    promise,
    cancel() {
      running.terminate();
      rejectRun(new FitCancelled());
    },
  };
}
