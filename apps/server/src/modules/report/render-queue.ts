// Fair scheduling of renders over a few renderers: each user's jobs run in order, one at a time, and users take turns,
// so one user's heavy reports never hold up another's. A running job has a time limit; a caller that goes away
// (its signal aborts) has its job dropped from the queue, or stopped if it is running.

/** Something that renders one job at a time: a worker thread for PDFs, a timer in tests. */
export interface Renderer<I, O> {
  /** Resolves once a render can start at once (a fresh worker thread takes about half a second to load). */
  warmUp(): Promise<void>;
  /** Aborting the signal stops the render; the promise then rejects. */
  render(input: I, signal: AbortSignal): Promise<O>;
  close(): Promise<void>;
}

/** A render ran past the queue's time limit and was stopped. */
export class RenderTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`The render took longer than ${limitMs} ms and was stopped.`);
    this.name = 'RenderTimeLimitError';
  }
}

/** A user already has as many jobs queued or running as the queue allows. */
export class TooManyRendersError extends Error {
  constructor(readonly limit: number) {
    super(`At most ${limit} renders per user can wait at once.`);
    this.name = 'TooManyRendersError';
  }
}

export class RenderQueueClosedError extends Error {
  constructor() {
    super('The renderer is shutting down.');
    this.name = 'RenderQueueClosedError';
  }
}

export interface RenderQueueOptions<I, O> {
  /** Jobs run in parallel up to one per renderer. */
  renderers: Renderer<I, O>[];
  /** How long a job may render (from the moment its renderer is warm) before it is stopped. */
  timeLimitMs: number;
  /** Jobs one user may have queued or running at once; more are refused. */
  maxJobsPerUser: number;
}

export interface RenderQueueStats {
  /** Jobs handed to a renderer and not finished. */
  running: number;
  /** Jobs waiting for a renderer or for their user's running job. */
  waiting: number;
  /** Running jobs stopped since the start: time limit passed or caller gone. */
  stopped: number;
  /** Waiting jobs dropped since the start because their caller went away. */
  dropped: number;
}

export interface RenderQueue<I, O> {
  /** Renders `input` for `user` when its turn comes; aborting `signal` drops or stops the job (rejects with the signal's reason). */
  render(user: string, input: I, signal?: AbortSignal): Promise<O>;
  stats(): RenderQueueStats;
  /** Starts every renderer now, so the first job does not wait for one to load; resolves when all are ready. */
  warmUp(): Promise<void>;
  /** Refuses waiting jobs and closes the renderers (running jobs reject). */
  close(): Promise<void>;
}

interface Job<I, O> {
  user: string;
  input: I;
  signal: AbortSignal | undefined;
  resolve(output: O): void;
  reject(error: unknown): void;
  /** Drops the job while it waits (removed once it runs). */
  onAbort?: () => void;
}

export function createRenderQueue<I, O>(options: RenderQueueOptions<I, O>): RenderQueue<I, O> {
  const idle = [...options.renderers];
  /** Each user's waiting jobs, oldest first. */
  const waiting = new Map<string, Job<I, O>[]>();
  /** Users with a waiting job and none running, in the order they became ready: the next turn is the first. */
  const turns: string[] = [];
  const runningUsers = new Set<string>();
  const jobsPerUser = new Map<string, number>();
  const counts = { stopped: 0, dropped: 0 };
  let closed = false;

  const finished = (user: string) => {
    const left = (jobsPerUser.get(user) ?? 1) - 1;
    if (left > 0) jobsPerUser.set(user, left);
    else jobsPerUser.delete(user);
  };

  function pump() {
    while (idle.length > 0 && turns.length > 0) {
      const user = turns.shift()!;
      const queue = waiting.get(user)!;
      const job = queue.shift()!;
      if (queue.length === 0) waiting.delete(user);
      runningUsers.add(user);
      void run(idle.pop()!, job);
    }
  }

  async function run(renderer: Renderer<I, O>, job: Job<I, O>) {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    const timeLimit = new AbortController();
    const signal = job.signal ? AbortSignal.any([job.signal, timeLimit.signal]) : timeLimit.signal;
    let timer: NodeJS.Timeout | undefined;
    try {
      await renderer.warmUp();
      signal.throwIfAborted();
      timer = setTimeout(() => timeLimit.abort(new RenderTimeLimitError(options.timeLimitMs)), options.timeLimitMs);
      job.resolve(await renderer.render(job.input, signal));
    } catch (error) {
      // A stopped render rejects with the stop's reason, whatever the renderer said.
      if (signal.aborted) counts.stopped++;
      job.reject(signal.aborted ? signal.reason : error);
    } finally {
      clearTimeout(timer);
      runningUsers.delete(job.user);
      finished(job.user);
      if (waiting.has(job.user)) turns.push(job.user);
      if (!closed) idle.push(renderer);
      pump();
    }
  }

  function drop(job: Job<I, O>) {
    const queue = waiting.get(job.user);
    const at = queue?.indexOf(job) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) {
      waiting.delete(job.user);
      const turn = turns.indexOf(job.user);
      if (turn >= 0) turns.splice(turn, 1);
    }
    counts.dropped++;
    finished(job.user);
    job.reject(job.signal!.reason);
  }

  return {
    render(user, input, signal) {
      if (closed) return Promise.reject(new RenderQueueClosedError());
      if (signal?.aborted) return Promise.reject(signal.reason);
      const jobs = jobsPerUser.get(user) ?? 0;
      if (jobs >= options.maxJobsPerUser) return Promise.reject(new TooManyRendersError(options.maxJobsPerUser));
      jobsPerUser.set(user, jobs + 1);
      return new Promise<O>((resolve, reject) => {
        const job: Job<I, O> = { user, input, signal, resolve, reject };
        if (signal) {
          job.onAbort = () => drop(job);
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        const queue = waiting.get(user);
        if (queue) queue.push(job);
        else {
          waiting.set(user, [job]);
          if (!runningUsers.has(user)) turns.push(user);
        }
        pump();
      });
    },

    stats() {
      let queued = 0;
      for (const queue of waiting.values()) queued += queue.length;
      return { running: runningUsers.size, waiting: queued, ...counts };
    },

    async warmUp() {
      await Promise.all(options.renderers.map((renderer) => renderer.warmUp()));
    },

    async close() {
      closed = true;
      for (const queue of waiting.values()) {
        for (const job of queue) {
          if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
          job.reject(new RenderQueueClosedError());
        }
      }
      waiting.clear();
      turns.length = 0;
      await Promise.all(options.renderers.map((renderer) => renderer.close()));
    },
  };
}
