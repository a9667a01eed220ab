import type { AppContext } from './context';
import { createAccountDataRepository } from './modules/account-data/account-data.repository';
import { createAccountDataService, type AccountDataService } from './modules/account-data/account-data.service';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service';
import { registerThrottlePrune } from './modules/accounts/throttle-prune';
import { createAdjustmentValuesRepository } from './modules/adjustment-values/adjustment-values.repository';
import { createAdjustmentValuesService, type AdjustmentValuesService } from './modules/adjustment-values/adjustment-values.service';
import { createBillingProvider } from './modules/billing/billing.provider';
import { createBillingRepository } from './modules/billing/billing.repository';
import { createBillingService, type BillingService } from './modules/billing/billing.service';
import { registerBillingJobs } from './modules/billing/billing.jobs';
import { createBrandKitRepository } from './modules/brand-kit/brand-kit.repository';
import { createBrandKitService, type BrandKitService } from './modules/brand-kit/brand-kit.service';
import { createContactRepository } from './modules/contact/contact.repository';
import { createContactService, type ContactService } from './modules/contact/contact.service';
import { createCustomPagesRepository } from './modules/custom-pages/custom-pages.repository';
import { createCustomPagesService, type CustomPagesService } from './modules/custom-pages/custom-pages.service';
import { createHistoryRepository } from './modules/history/history.repository';
import { createHistoryService, type HistoryService } from './modules/history/history.service';
import { registerDeletedEntriesPurge } from './modules/history/deleted-entries-purge';
import { createImagesRepository } from './modules/images/images.repository';
import { createImagesService, type ImagesService } from './modules/images/images.service';
import { listingPhotoLookup } from './modules/images/listing-photos';
import { registerUnusedCopiesPrune } from './modules/images/unused-copies-prune';
import { createListingPoolsRepository } from './modules/listing-pools/listing-pools.repository';
import { createListingPoolsService, type ListingPoolsService } from './modules/listing-pools/listing-pools.service';
import { createListingsRepository } from './modules/listings/listings.repository';
import { createListingsService, type ListingsService } from './modules/listings/listings.service';
import { registerMlsJobs } from './modules/mls/mls.jobs';
import { createMlsRepository } from './modules/mls/mls.repository';
import { createColumnMappingsRepository } from './modules/column-mappings/column-mappings.repository';
import { createColumnMappingsService, type ColumnMappingsService } from './modules/column-mappings/column-mappings.service';
import { createMembershipRepository } from './modules/mls/mls-membership.repository';
import { createMembershipService, type MembershipService } from './modules/mls/mls-membership.service';
import { createMlsService, MLS_PHOTO_FILES_DELETE_QUEUE, type MlsService } from './modules/mls/mls.service';
import { createReportRepository } from './modules/report/report.repository';
import { createReportService, type ReportService } from './modules/report/report.service';
import { createReportLinksRepository } from './modules/report-links/report-links.repository';
import { createReportLinksService, type ReportLinksService } from './modules/report-links/report-links.service';

/** Every module's service, built once per app by createServices and handed to the route plugins that use it. */
export interface Services {
  accountData: AccountDataService;
  accounts: AccountsService;
  adjustmentValues: AdjustmentValuesService;
  billing: BillingService;
  brandKit: BrandKitService;
  contact: ContactService;
  customPages: CustomPagesService;
  history: HistoryService;
  images: ImagesService;
  listingPools: ListingPoolsService;
  listings: ListingsService;
  mls: MlsService;
  memberships: MembershipService;
  columnMappings: ColumnMappingsService;
  report: ReportService;
  reportLinks: ReportLinksService;
}

/**
 * The server's one composition root: each repository and service is built here once, on the app's shared parts
 * (ctx), and the background jobs that use them are registered beside them. Route plugins receive what they need.
 */
export function createServices(ctx: AppContext): Services {
  const { database, now, storage, mail, config } = ctx;

  const accountsRepository = createAccountsRepository(database);
  registerThrottlePrune(ctx, accountsRepository);

  const billingRepository = createBillingRepository(database);
  const billing = createBillingService({
    repository: billingRepository,
    provider: createBillingProvider(ctx, billingRepository),
    jobs: ctx.jobs,
    mail,
    now,
    publicUrl: config.publicUrl,
    log: ctx.log,
    subscriptionChanged: ctx.auth.forgetUser,
  });
  registerBillingJobs(ctx, billing);

  const historyRepository = createHistoryRepository(database);
  registerDeletedEntriesPurge(ctx, historyRepository);
  // A report saved again or deleted drops the live links' lookups of it (reportLinks is built below; this runs later).
  const history = createHistoryService(historyRepository, now, config.publicUrl, (historyId) => reportLinks?.forgetChanged(`history:${historyId}`));

  const listingsRepository = createListingsRepository(database);
  const mls = createMlsService({
    database,
    repository: createMlsRepository(database),
    listings: listingsRepository,
    storage,
    now,
    log: ctx.log,
    secretKey: config.mlsSecretKey,
    retryFileDeletion: async (keys) => void (await ctx.jobs.enqueue(MLS_PHOTO_FILES_DELETE_QUEUE, { keys })),
  });
  const memberships = createMembershipService({ repository: createMembershipRepository(database), mls, now, log: ctx.log });
  registerMlsJobs(ctx, mls, memberships);

  const imagesRepository = createImagesRepository(database);
  registerUnusedCopiesPrune(ctx, imagesRepository);

  const customPagesRepository = createCustomPagesRepository(database);
  const customPages = createCustomPagesService(customPagesRepository, ctx);

  // Sending needs the report's live link, and a live link renders through the report service: each is handed the other.
  let reportLinks: ReportLinksService | undefined = undefined;
  const report = createReportService({
    renders: ctx.pdfRenders,
    log: ctx.log,
    repository: createReportRepository(database),
    mail,
    storage,
    now,
    mapTileUrl: config.mapTileUrl,
    maps: ctx.maps,
    customPages,
    sending: { history, liveLink: (userId, historyId) => reportLinks!.linkForSend(userId, historyId) },
  });
  reportLinks = createReportLinksService({
    repository: createReportLinksRepository(database),
    log: ctx.log,
    report,
    mail,
    now,
    publicUrl: config.publicUrl,
    configuredKey: config.reportLinkKey,
  });

  const accounts = createAccountsService(accountsRepository, ctx);
  return {
    accountData: createAccountDataService({
      repository: createAccountDataRepository(database),
      storage,
      report,
      checkPassword: (userId, password) => accounts.passwordMatches(userId, password),
      endSubscription: (userId) => billing.endForDeletedAccount(userId),
      endSessions: (userId) => ctx.auth.endAllSessions(userId),
      now,
      log: ctx.log,
    }),
    accounts,
    adjustmentValues: createAdjustmentValuesService(createAdjustmentValuesRepository(database), now),
    billing,
    brandKit: createBrandKitService(createBrandKitRepository(database), ctx, async (userId) => (await customPagesRepository.list(userId)).map((p) => p.id)),
    contact: createContactService({
      repository: createContactRepository(database),
      storage,
      now,
      companyContact: () => ctx.content.companyContact(),
      sendMail: (message) => mail.send(message),
    }),
    customPages,
    history,
    images: createImagesService({ repository: imagesRepository, storage, now, ...listingPhotoLookup(listingsRepository, mls, memberships, storage, config.demoData) }),
    listingPools: createListingPoolsService(createListingPoolsRepository(database), storage, ctx.listingPoolUploads, now, memberships.mlsNamesOf),
    listings: createListingsService(listingsRepository, now, () => mls.photoUrls.signer('thumb')),
    mls,
    memberships,
    columnMappings: createColumnMappingsService(createColumnMappingsRepository(database), now),
    report,
    reportLinks,
  };
}
