// The one market measurement of the CMA in progress (issue 27): started as soon as comparables are chosen, it runs in a
// worker while the agent moves between /compare, /adjustment and /review, shows its progress on each and can be
// cancelled. It lives outside React, so leaving a page neither cancels nor restarts it.
import { useSyncExternalStore } from 'react';
import type { MeasureStage } from '@cma/cma';
import { createMeasurer, overallProgress, type MeasureRequest, type MeasureResult } from './measureCore';
import type { MeasureReply } from './measure.worker';

export type MeasureStatus =
  | { state: 'idle' }
  | { state: 'measuring'; key: string; stage: MeasureStage; progress: number }
  | { state: 'done'; key: string; result: MeasureResult }
  | { state: 'cancelled'; key: string }
  | { state: 'failed'; key: string; message: string };

const IDLE: MeasureStatus = { state: 'idle' };
let status: MeasureStatus = IDLE;
const listeners = new Set<() => void>();
let worker: Worker | null = null;
/** The pool the live worker holds, so its 50,000 listings cross to it once, not with every request. */
let workerPool: string | null = null;
let nextId = 1;
let running = 0;

function setStatus(next: MeasureStatus) {
  status = next;
  for (const listener of listeners) listener();
}

export function measureStatus(): MeasureStatus {
  return status;
}

export function useMeasureStatus(): MeasureStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    measureStatus,
    measureStatus,
  );
}

function startWorker(): Worker | null {
  if (worker) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./measure.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  workerPool = null;
  return worker;
}

function stopWorker() {
  worker?.terminate();
  worker = null;
  workerPool = null;
}

/**
 * Measures for `key` unless that key is already measured, being measured, cancelled or failed (the agent asks again
 * with measureAgain). Another key's job is stopped first. `apply` receives the result.
 */
export function ensureMeasurement(key: string, request: () => MeasureRequest, apply: (result: MeasureResult) => void): void {
  if (status.state !== 'idle' && status.key === key) return;
  if (status.state === 'measuring') stopWorker();
  const id = nextId++;
  running = id;
  setStatus({ state: 'measuring', key, stage: 'rates', progress: 0 });
  const full = request();
  const live = startWorker();
  const finish = (result: MeasureResult) => {
    if (running !== id) return;
    setStatus({ state: 'done', key, result });
    apply(result);
  };
  const fail = (message: string) => {
    if (running === id) setStatus({ state: 'failed', key, message });
  };
  if (!live) {
    // No workers (tests, very old browsers): the same work in the page, after the progress has painted.
    const measure = createMeasurer();
    setTimeout(() => {
      if (running !== id) return;
      try {
        finish(measure(full, (stage, fraction) => running === id && setStatus({ state: 'measuring', key, stage, progress: overallProgress(stage, fraction) })));
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }, 0);
    return;
  }
  live.onmessage = (event: MessageEvent<MeasureReply>) => {
    const reply = event.data;
    if (reply.id !== running) return;
    if (reply.type === 'progress') setStatus({ state: 'measuring', key, stage: reply.stage, progress: reply.fraction });
    else if (reply.type === 'done') finish(reply.result);
    else {
      stopWorker();
      fail(reply.message);
    }
  };
  live.onerror = (event) => {
    stopWorker();
    fail(event.message || 'The market measurement stopped unexpectedly.');
  };
  const sendRecords = workerPool !== full.poolKey;
  live.postMessage({ id, request: sendRecords ? full : { ...full, records: undefined } });
  workerPool = full.poolKey;
}

/** The agent stops the measurement: the report keeps its comparables' value until the agent asks again. */
export function cancelMeasurement(): void {
  if (status.state !== 'measuring') return;
  running = 0;
  stopWorker();
  setStatus({ state: 'cancelled', key: status.key });
}

/** Forgets a cancelled or failed measurement, so the next ensureMeasurement starts it again. */
export function measureAgain(): void {
  if (status.state === 'cancelled' || status.state === 'failed') setStatus(IDLE);
}

/** Everything of the ended session goes (the listings, the measured market): at sign-out or when another agent signs in. */
export function resetMeasurement(): void {
  running = 0;
  stopWorker();
  setStatus(IDLE);
}
