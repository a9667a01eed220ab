import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors';

// PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request would fail deep in a write with a 500.
// Every request's body, query and route parameters are checked here, before validation and before any handler runs.

export const NUL_CHARACTER_MESSAGE = 'This field contains a character that is not allowed.';

/** A NUL character, or its JSON escape inside a string that carries a JSON document (a saved report state). */
const hasNul = (text: string) => text.includes('\u0000') || /\\u0000/i.test(text);

/** The dotted path of the first string holding a NUL (`comparables.2.remarks`), or undefined. */
export function findNulField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') || 'body' : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (hasNul(key)) return [...path, key.replaceAll('\u0000', '')].join('.') || 'body';
    const found = findNulField(child, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNulField(request.params) ?? findNulField(request.query) ?? findNulField(request.body);
    if (field !== undefined) throw new ValidationError({ [field]: [NUL_CHARACTER_MESSAGE] });
  });
}
