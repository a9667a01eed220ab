// Vitest setup for the node project: without TEST_DATABASE_URL the PostgreSQL half of every integration suite
// (`describe.each(testBackends())('… on %s')`) is reported as skipped rather than left out, so the count says what did
// not run (issue 30). Each file's suites are looked at before any of them starts: the PostgreSQL suites' tests are
// marked skipped with the reason, and their setup hooks (which would open the database) are dropped.
import { getHooks, setHooks } from '@vitest/runner';
import { beforeAll } from 'vitest';
import { POSTGRES_SKIPPED_NOTE, postgresAvailable } from './testing';

interface Task {
  name: string;
  type: string;
  mode: string;
  tasks?: Task[];
  result?: { state?: string; note?: string };
}

/** A suite made by describe.each(testBackends()) for PostgreSQL: its name ends in "postgres" or "(postgres)". */
const isPostgresHalf = (task: Task) => task.type === 'suite' && /(?:\s|\()postgres\)?$/.test(task.name);

function skip(task: Task): void {
  if (task.type === 'suite') {
    const hooks = getHooks(task as never);
    if (hooks) setHooks(task as never, { ...hooks, beforeAll: [], afterAll: [], beforeEach: [], afterEach: [], aroundAll: [], aroundEach: [] } as never);
    for (const child of task.tasks ?? []) skip(child);
  } else if (task.mode === 'run' || task.mode === 'queued') {
    task.mode = 'skip';
    task.result = { state: 'skip', note: POSTGRES_SKIPPED_NOTE };
  }
}

function skipPostgresHalves(task: Task): void {
  for (const child of task.tasks ?? []) {
    if (isPostgresHalf(child)) skip(child);
    else skipPostgresHalves(child);
  }
}

// eslint-disable-next-line no-empty-pattern -- Vitest passes the suite second, after a fixture context it checks is destructured
beforeAll(({}, file) => {
  if (!postgresAvailable()) skipPostgresHalves(file as unknown as Task);
});
