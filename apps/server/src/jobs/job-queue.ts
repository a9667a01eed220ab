import type { Database } from '@cma/db';
import type { FastifyBaseLogger } from 'fastify';

// A small durable job queue in the `jobs` table: works on PGlite and PostgreSQL, and with several app instances
// (claims use FOR UPDATE SKIP LOCKED, so each job runs once). See docs/decisions/0003-job-queue.md.

export type JobHandler = (payload: any, job: { id: string; attempts: number }) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists (e.g. 'trial-ending:<subscription id>'). */
  singletonKey?: string;
}

interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const LOCK_MS = 5 * 60 * 1000;

/** Exponential back-off: 5 s, 10 s, 20 s … capped at 30 minutes. */
export const backoffMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60 * 1000);

export function createJobQueue(database: Database, log: FastifyBaseLogger, now: () => Date = () => new Date()) {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(limit: number): Promise<JobRow[]> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return [];
    const at = now();
    return database.query<JobRow>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_until = $3
       where id in (
         select id from jobs
         where queue = any($1) and run_at <= $2
           and (status = 'pending' or (status = 'running' and locked_until < $2))
         order by run_at
         limit $4
         for update skip locked)
       returning id, queue, payload, attempts, max_attempts`,
      [queues, at, new Date(at.getTime() + LOCK_MS), limit],
    );
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers.get(job.queue)!;
    try {
      await handler(job.payload, { id: job.id, attempts: job.attempts });
      await database.query("update jobs set status = 'done', done_at = $2, locked_until = null, last_error = null where id = $1", [job.id, now()]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= job.max_attempts;
      log.warn({ jobId: job.id, queue: job.queue, attempts: job.attempts, failed, err: message }, 'job failed');
      await database.query(
        'update jobs set status = $2, run_at = $3, locked_until = null, last_error = $4 where id = $1',
        [job.id, failed ? 'failed' : 'pending', new Date(now().getTime() + backoffMs(job.attempts)), message.slice(0, 2000)],
      );
    }
  }

  return {
    register(queue: string, handler: JobHandler): void {
      handlers.set(queue, handler);
    },
    /** Persists a job; returns its id (or undefined when the singleton key already exists). */
    async enqueue(queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | undefined> {
      const rows = await database.query<{ id: string }>(
        `insert into jobs(queue, payload, run_at, max_attempts, singleton_key) values ($1, $2, $3, $4, $5)
         on conflict (singleton_key) do nothing returning id`,
        [queue, JSON.stringify(payload), options.runAt ?? now(), options.maxAttempts ?? 8, options.singletonKey ?? null],
      );
      if (!stopped) setImmediate(() => void this.drain().catch(() => {}));
      return rows[0]?.id;
    },
    /** Runs every due job now (tests call this; the poller calls it on a timer). Returns how many ran. */
    async drain(): Promise<number> {
      if (running) return running;
      running = (async () => {
        let total = 0;
        for (;;) {
          const batch = await claim(10);
          if (batch.length === 0) return total;
          for (const job of batch) await runOne(job);
          total += batch.length;
        }
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 2_000): void {
      stopped = false;
      const tick = () => {
        this.drain()
          .catch((error) => log.error({ err: error }, 'job poll failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
