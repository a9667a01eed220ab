import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenderQueue, RenderQueueClosedError, RenderTimeLimitError, TooManyRendersError, type Renderer } from '../src/modules/report/render-queue';

// The queue's rules with a renderer that just waits: jobs are { name, ms }, and the log says what ran when. Time is
// Vitest's fake clock, moved on by the test: the order of events never depends on how busy the machine is (issue 30).
interface FakeJob {
  name: string;
  ms: number;
}

function timerRenderer(log: string[], warmUpMs = 0): Renderer<FakeJob, string> & { aborted: string[] } {
  const aborted: string[] = [];
  let warm = false;
  return {
    aborted,
    async warmUp() {
      if (!warm) await new Promise((r) => setTimeout(r, warmUpMs));
      warm = true;
    },
    render({ name, ms }, signal) {
      log.push(`start ${name}`);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          log.push(`done ${name}`);
          resolve(name);
        }, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(name);
          reject(new Error('renderer says: stopped'));
        });
      });
    },
    close: async () => {},
  };
}

const queueWith = (log: string[], options: { renderers?: number; timeLimitMs?: number; maxJobsPerUser?: number; warmUpMs?: number } = {}) => {
  const renderers = Array.from({ length: options.renderers ?? 1 }, () => timerRenderer(log, options.warmUpMs));
  return { renderers, queue: createRenderQueue({ renderers, timeLimitMs: options.timeLimitMs ?? 5_000, maxJobsPerUser: options.maxJobsPerUser ?? 10 }) };
};

const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
/** Runs the fake clock until no render is left waiting on it, then gives `promise`'s outcome. */
const whenDone = async <T>(promise: Promise<T>): Promise<T> => {
  await vi.runAllTimersAsync();
  return promise;
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('render queue: fair turns between users', () => {
  it("one user's slow jobs do not hold up another user's fast job: it runs after the slow job already running", async () => {
    const log: string[] = [];
    const { queue } = queueWith(log);
    const a = [1, 2, 3].map((i) => queue.render('agent-a', { name: `A${i}`, ms: 40 }));
    const b = queue.render('agent-b', { name: 'B1', ms: 5 });
    const finished: string[] = [];
    await whenDone(Promise.all([...a, b].map((p) => p.then((name) => finished.push(name)))));
    expect(finished).toEqual(['A1', 'B1', 'A2', 'A3']);
  });

  it('users take turns, each in the order they submitted', async () => {
    const log: string[] = [];
    const { queue } = queueWith(log);
    const jobs = [
      queue.render('a', { name: 'A1', ms: 10 }),
      queue.render('a', { name: 'A2', ms: 10 }),
      queue.render('a', { name: 'A3', ms: 10 }),
      queue.render('b', { name: 'B1', ms: 10 }),
      queue.render('b', { name: 'B2', ms: 10 }),
      queue.render('c', { name: 'C1', ms: 10 }),
    ];
    await whenDone(Promise.all(jobs));
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start A1', 'start B1', 'start C1', 'start A2', 'start B2', 'start A3']);
  });

  it('with two renderers a user runs one job at a time, so the other renderer stays free for the next user', async () => {
    const log: string[] = [];
    const { queue } = queueWith(log, { renderers: 2 });
    const a1 = queue.render('a', { name: 'A1', ms: 40 });
    const a2 = queue.render('a', { name: 'A2', ms: 40 });
    await vi.advanceTimersByTimeAsync(5);
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 1 });
    const b1 = queue.render('b', { name: 'B1', ms: 5 });
    await vi.advanceTimersByTimeAsync(5);
    await b1;
    expect(log).toEqual(['start A1', 'start B1', 'done B1']);
    await whenDone(Promise.all([a1, a2]));
    expect(log.slice(3)).toEqual(['done A1', 'start A2', 'done A2']);
  });
});

describe('render queue: time limit', () => {
  it('stops a job past the limit with a time-limit error, and the renderer takes the next job', async () => {
    const log: string[] = [];
    const { queue, renderers } = queueWith(log, { timeLimitMs: 30 });
    const slow = settled(queue.render('a', { name: 'slow', ms: 10_000 }));
    const next = queue.render('b', { name: 'next', ms: 5 });
    const outcome = await whenDone(slow);
    expect(outcome).toEqual({ error: new RenderTimeLimitError(30) });
    expect(renderers[0]!.aborted).toEqual(['slow']);
    expect(await next).toBe('next');
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, stopped: 1 });
  });

  it("counts from the moment the renderer is warm: loading a worker is not the job's time", async () => {
    const log: string[] = [];
    const { queue } = queueWith(log, { timeLimitMs: 30, warmUpMs: 60 });
    expect(await whenDone(queue.render('a', { name: 'quick', ms: 5 }))).toBe('quick');
  });
});

describe('render queue: abandoned jobs', () => {
  it("drops a waiting job when its caller goes away: it never starts, and the caller's reason is the answer", async () => {
    const log: string[] = [];
    const { queue } = queueWith(log);
    const running = queue.render('a', { name: 'A1', ms: 30 });
    const gone = new AbortController();
    const waiting = settled(queue.render('a', { name: 'A2', ms: 30 }, gone.signal));
    const after = queue.render('b', { name: 'B1', ms: 5 });
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 2 });
    gone.abort(new Error('client closed'));
    expect(await waiting).toEqual({ error: new Error('client closed') });
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 1, dropped: 1 });
    await whenDone(Promise.all([running, after]));
    expect(log).not.toContain('start A2');
  });

  it('stops a running job when its caller goes away, and the next job gets the renderer', async () => {
    const log: string[] = [];
    const { queue, renderers } = queueWith(log);
    const gone = new AbortController();
    const running = settled(queue.render('a', { name: 'A1', ms: 10_000 }, gone.signal));
    const next = queue.render('b', { name: 'B1', ms: 5 });
    await vi.advanceTimersByTimeAsync(5);
    gone.abort(new Error('client closed'));
    expect(await running).toEqual({ error: new Error('client closed') });
    expect(renderers[0]!.aborted).toEqual(['A1']);
    expect(await whenDone(next)).toBe('B1');
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, stopped: 1, dropped: 0 });
  });

  it('refuses a job whose caller has already gone', async () => {
    const { queue } = queueWith([]);
    expect(await settled(queue.render('a', { name: 'A1', ms: 5 }, AbortSignal.abort(new Error('gone'))))).toEqual({ error: new Error('gone') });
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe('render queue: bounds', () => {
  it('refuses a user past their jobs in flight, and takes them again once one is done; other users are not affected', async () => {
    const { queue } = queueWith([], { maxJobsPerUser: 2 });
    const first = queue.render('a', { name: 'A1', ms: 20 });
    const second = queue.render('a', { name: 'A2', ms: 20 });
    expect(await settled(queue.render('a', { name: 'A3', ms: 5 }))).toEqual({ error: new TooManyRendersError(2) });
    const other = queue.render('b', { name: 'B1', ms: 5 });
    await vi.advanceTimersByTimeAsync(20);
    await first;
    const again = queue.render('a', { name: 'A4', ms: 5 });
    expect(await whenDone(Promise.all([second, other, again]))).toEqual(['A2', 'B1', 'A4']);
  });

  it('on close, waiting jobs are refused', async () => {
    const { queue } = queueWith([]);
    const running = settled(queue.render('a', { name: 'A1', ms: 20 }));
    const waiting = settled(queue.render('b', { name: 'B1', ms: 5 }));
    await queue.close();
    expect(await waiting).toEqual({ error: new RenderQueueClosedError() });
    await whenDone(running);
    expect(await settled(queue.render('c', { name: 'C1', ms: 5 }))).toEqual({ error: new RenderQueueClosedError() });
  });
});
