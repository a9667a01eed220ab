import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { columnMappingParams, columnMappingResponse, saveColumnMappingRequest } from '@cma/contracts';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ColumnMappingsService } from './column-mappings.service';

export const columnMappingsRoutes: FastifyPluginAsyncZod<{ columnMappings: ColumnMappingsService }> = async (app, { columnMappings }) => {
  const tags = ['listings'];

  app.get(
    '/api/column-mappings/:signature',
    { preHandler: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: 'The column map you confirmed for an export with this header (null when none)', params: columnMappingParams, response: { 200: columnMappingResponse } } },
    async (request) => ok({ signature: request.params.signature, mapping: await columnMappings.find(currentUserId(request), request.params.signature) }),
  );

  app.put(
    '/api/column-mappings/:signature',
    {
      preHandler: requireSubscriber,
      schema: { tags, security: [{ bearer: [] }], summary: 'Remember the column map you confirmed for an export with this header', params: columnMappingParams, body: saveColumnMappingRequest, response: { 200: columnMappingResponse } },
    },
    async (request) => ok({ signature: request.params.signature, mapping: await columnMappings.save(currentUserId(request), request.params.signature, request.body.mapping) }, 'Column map remembered'),
  );
};
