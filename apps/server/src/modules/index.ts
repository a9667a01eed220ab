import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
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
import { accountDataRoutes } from './account-data/account-data.routes';
import { mlsRoutes } from './mls/mls.routes';
import { columnMappingsRoutes } from './column-mappings/column-mappings.routes';

/** Every module's routes, in this order, each handed the services it uses (built once in services.ts). Add one line per module. */
export async function registerModuleRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(systemRoutes);
  await app.register(contentRoutes);
  await app.register(accountsRoutes, { accounts: services.accounts });
  await app.register(accountDataRoutes, { accountData: services.accountData });
  await app.register(adjustmentValuesRoutes, { adjustmentValues: services.adjustmentValues });
  await app.register(listingsRoutes, { listings: services.listings, memberships: services.memberships });
  await app.register(mlsRoutes, { mls: services.mls, memberships: services.memberships });
  await app.register(columnMappingsRoutes, { columnMappings: services.columnMappings });
  await app.register(imagesRoutes, { images: services.images });
  await app.register(billingRoutes, { billing: services.billing });
  await app.register(historyRoutes, { history: services.history });
  await app.register(listingPoolsRoutes, { listingPools: services.listingPools });
  await app.register(reportRoutes, { report: services.report });
  await app.register(reportLinksRoutes, { reportLinks: services.reportLinks });
  await app.register(mapRoutes);
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(entryPageRoutes);
  await app.register(brandKitRoutes, { brandKit: services.brandKit });
  await app.register(customPagesRoutes, { customPages: services.customPages });
}
