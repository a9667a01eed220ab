import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 29: each service is built once, in the composition root (src/services.ts; the shared parts in src/context.ts),
// and handed to the route plugins — never built again by whoever uses it (two report-link services meant two caches).
const SRC = path.join(import.meta.dirname, '..', 'src');
const ROOTS = new Set(['services.ts', 'context.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the composition root', () => {
  it('is the only place that builds a module service or repository', () => {
    const outside: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file);
      if (ROOTS.has(relative)) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bcreate(\w+)(Service|Repository)\(/g)) {
        // The definition itself (export function createXService(…)) is not a construction.
        const before = text.slice(Math.max(0, match.index - 16), match.index);
        if (/function\s*$/.test(before)) continue;
        outside.push(`${relative}: ${match[0]}`);
      }
    }
    // The command-line listing loader and `cma mls` run in their own process, without the app; the entry pages' render
    // cache is built by its plugin, once, because it renders the app's own public answers (app.inject) from the web build it finds.
    const allowed = [
      path.join('modules', 'listings', 'load-listings.cli.ts'),
      path.join('modules', 'mls', 'mls.cli.ts'),
      path.join('modules', 'entry-pages', 'entry-pages.routes.ts'),
    ];
    expect(outside.filter((line) => !allowed.some((file) => line.startsWith(`${file}:`)))).toEqual([]);
  });

  it('builds each service once', () => {
    const text = readFileSync(path.join(SRC, 'services.ts'), 'utf8');
    const built = [...text.matchAll(/\bcreate(\w+Service)\(/g)].map((m) => m[1]);
    expect(built.length).toBeGreaterThan(10);
    expect(new Set(built).size).toBe(built.length);
  });
});
