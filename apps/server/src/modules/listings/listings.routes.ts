import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchAddressRequest, searchAddressResponse, searchComparablesRequest, searchComparablesResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { NotFoundError } from '../../http/errors';
import type { ListingsService } from './listings.service';
import type { MembershipService } from '../mls/mls-membership.service';
import { demoPhotoSvg } from './demo/demo-photo';
import { DEMO_PHOTOS_PER_LISTING } from './demo/demo-listings';

export const listingsRoutes: FastifyPluginAsyncZod<{ listings: ListingsService; memberships: MembershipService }> = async (app, { listings: service, memberships }) => {
  const tags = ['listings'];
  // A source's listings only for its members; demo listings for everyone while demo data is on (decision 2803).
  const viewer = (request: Parameters<typeof currentUserId>[0]) => memberships.viewerOf(currentUserId(request), app.ctx.config.demoData);

  app.post(
    '/api/search-address-rets',
    {
      onRequest: requireSubscriber,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Search the listing database by address (prefix and typo tolerant, ranked); records in the CSV import shape',
        body: searchAddressRequest,
        response: { 200: searchAddressResponse },
      },
    },
    async (request) => {
      const { hits, total } = await service.searchAddress(await viewer(request), request.body.address, request.body.limit ?? 10);
      return ok({ records: hits.map((hit) => hit.record), hits, total });
    },
  );

  app.post(
    '/api/search-comparables-rets',
    {
      onRequest: requireSubscriber,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Closed sales near a subject (radius in miles, closed within months, ± size), nearest first',
        body: searchComparablesRequest,
        response: { 200: searchComparablesResponse },
      },
    },
    async (request) => {
      const hits = await service.searchComparables(await viewer(request), request.body);
      return ok({ records: hits.map((hit) => hit.record), hits });
    },
  );

  // Placeholder photos of demo listings: public like MLS photo URLs, so <img> tags can show them.
  app.get(
    '/api/listing-photos/demo/:listingId/:file',
    {
      schema: {
        tags,
        summary: 'A demo listing placeholder photo (SVG)',
        params: z.object({ listingId: z.string().regex(/^DEMO-\d{6}$/), file: z.string().regex(/^\d+\.svg$/) }),
      },
    },
    async (request, reply) => {
      const index = Number.parseInt(request.params.file, 10);
      if (index < 1 || index > DEMO_PHOTOS_PER_LISTING) throw new NotFoundError();
      const listing = await service.findDemoListing(request.params.listingId);
      if (!listing) throw new NotFoundError();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(demoPhotoSvg(listing.record['Listing Id'], index, listing.record.properties_address));
    },
  );
};
