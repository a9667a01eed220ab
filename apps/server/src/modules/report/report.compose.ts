import type { AppContext } from '../../context';
import { createCustomPagesRepository } from '../custom-pages/custom-pages.repository';
import { createCustomPagesService } from '../custom-pages/custom-pages.service';
import { createReportRepository } from './report.repository';
import { createReportService, type ReportSending } from './report.service';

/** The report service on the app's shared parts (the report routes add sending; live links render without it). */
export function reportServiceOn(ctx: AppContext, sending?: ReportSending) {
  return createReportService({
    sending,
    renders: ctx.pdfRenders,
    log: ctx.log,
    repository: createReportRepository(ctx.database),
    mail: ctx.mail,
    storage: ctx.storage,
    now: ctx.now,
    mapTileUrl: ctx.config.mapTileUrl,
    maps: ctx.maps,
    customPages: createCustomPagesService(createCustomPagesRepository(ctx.database), ctx),
  });
}
