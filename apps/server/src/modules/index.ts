import type { FastifyPluginAsync } from 'fastify';
import { systemRoutes } from './system/system.routes';
import { contentRoutes } from './content/content.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { adjustmentValuesRoutes } from './adjustment-values/adjustment-values.routes';
import { listingsRoutes } from './listings/listings.routes';
import { imagesRoutes } from './images/images.routes';
import { billingRoutes } from './billing/billing.routes';
import { historyRoutes } from './history/history.routes';
import { reportRoutes } from './report/report.routes';
import { reportLinksRoutes } from './report-links/report-links.routes';
import { contactRoutes } from './contact/contact.routes';
import { entryPageRoutes } from './entry-pages/entry-pages.routes';
import { mapRoutes } from './map/map.routes';
import { brandKitRoutes } from './brand-kit/brand-kit.routes';
import { customPagesRoutes } from './custom-pages/custom-pages.routes';
import { listingPoolsRoutes } from './listing-pools/listing-pools.routes';

// Every module's routes, registered in this order. Add one line per module.
export const moduleRoutes: FastifyPluginAsync[] = [systemRoutes, contentRoutes, accountsRoutes, adjustmentValuesRoutes, listingsRoutes, imagesRoutes, billingRoutes, historyRoutes, listingPoolsRoutes, reportRoutes, reportLinksRoutes, mapRoutes, contactRoutes, entryPageRoutes, brandKitRoutes, customPagesRoutes];
