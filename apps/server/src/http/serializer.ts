import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

/** A route's response schema as fastify-type-provider-zod passes it: the zod schema itself, or wrapped in `properties`. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Responses are written by fast-json-stringify from the JSON Schema of the route's zod contract: only the declared fields
 * leave the server (nothing a repository row carries by accident), at a fraction of the cost of a zod parse per response.
 * It converts types rather than rejecting them, so the tests also check every response against the zod contract
 * (`checkResponsesAgainstContracts`).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJsonStringify(z.toJSONSchema(zodSchemaOf(schema), { io: 'output', unrepresentable: 'any', target: 'draft-07' }) as never);

/** Parses every payload that has a response schema with its zod contract before it is serialized: a mismatch is a 500. */
export function checkResponsesAgainstContracts(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const schema = responses?.[String(reply.statusCode)] ?? responses?.[`${String(reply.statusCode)[0]}xx`];
    if (!schema) return payload;
    const result = zodSchemaOf(schema).safeEncode(payload);
    if (!result.success) throw new Error(`${request.method} ${request.routeOptions.url}: the response breaks its contract: ${z.prettifyError(result.error)}`);
    return payload;
  });
}
