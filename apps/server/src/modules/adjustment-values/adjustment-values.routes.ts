import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustmentValuesResponse, storeAdjustmentValuesRequest } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import type { AdjustmentValuesService } from './adjustment-values.service';

export const adjustmentValuesRoutes: FastifyPluginAsyncZod<{ adjustmentValues: AdjustmentValuesService }> = async (app, { adjustmentValues: service }) => {
  const tags = ['adjustment-values'];

  app.get(
    '/api/property-adjustment-valu-list',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: "The user's default adjustment values (spec §9 table until saved)", response: { 200: adjustmentValuesResponse } } },
    async (request) => ok(await service.get(currentUserId(request))),
  );

  app.post(
    '/api/store-user-property-adjustment-value',
    {
      onRequest: requireSubscriber,
      schema: { tags, security: [{ bearer: [] }], summary: 'Save default adjustment values (at most 17 categories)', body: storeAdjustmentValuesRequest, response: { 200: adjustmentValuesResponse } },
    },
    async (request) =>
      ok(
        await service.store(currentUserId(request), request.body.user_property_adjustment_value, request.body.use_market_derived_rates, request.body.uad_step_values),
        'Adjustment values saved successfully',
      ),
  );

  app.post(
    '/api/reset-user-property-adjustment-value',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: 'Reset default adjustment values to the spec §9 table', response: { 200: adjustmentValuesResponse } } },
    async (request) => ok(await service.reset(currentUserId(request)), 'Adjustment values reset to defaults'),
  );
};
