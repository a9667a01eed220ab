/** What our workers answer: progress as they go, then the result or why they failed. */
export type WorkerReply<Result> = { type: 'progress'; fraction: number } | { type: 'done'; result: Result } | { type: 'failed'; message: string };

/** A job running in a worker (or in the page): its result, and the way to stop it. */
export interface WorkerRun<Result> {
  promise: Promise<Result>;
  cancel(): void;
}

/**
 * Sends `request` to a started worker and follows its replies. The worker is ended once it answers, fails or is
 * cancelled; `stoppedMessage` says a crash the worker could not report, `cancelled` makes the error a cancel rejects with.
 */
export function runInWorker<Result>(
  worker: Worker,
  request: unknown,
  onProgress: (fraction: number) => void,
  { stoppedMessage, cancelled }: { stoppedMessage: string; cancelled: () => Error },
): WorkerRun<Result> {
  let rejectRun: (error: Error) => void = () => {};
  const promise = new Promise<Result>((resolve, reject) => {
    rejectRun = reject;
    worker.onmessage = (event: MessageEvent<WorkerReply<Result>>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.fraction);
      else {
        worker.terminate();
        if (message.type === 'done') resolve(message.result);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || stoppedMessage));
    };
    worker.postMessage(request);
  });
  return {
    promise,
    cancel() {
      worker.terminate();
      rejectRun(cancelled());
    },
  };
}
