import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_SENT_MESSAGE, reportBrandingResponse, sendPdfPreviewRequest, sendPdfPreviewResponse, sendPdfRequest, sendPdfResponse, updateReportCounterRequest, updateReportCounterResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { rateLimit } from '../../http/rate-limit';
import type { ReportService } from './report.service';
import { clientClosedSignal } from '../../http/client-closed';

export const reportRoutes: FastifyPluginAsyncZod<{ report: ReportService }> = async (app, { report: service }) => {
  const tags = ['report'];

  app.post(
    '/api/send-pdf',
    {
      // Rendering is CPU-heavy and each call sends an e-mail: a per-user hourly cap keeps both in check.
      preHandler: [requireSubscriber, rateLimit({ name: 'send-pdf', limit: 60, windowMs: 60 * 60 * 1000, extraKeys: (request) => (request.auth ? [`user:${request.auth.userId}`] : []) })],
      schema: { tags, summary: 'E-mail the saved report (history_id) to the client: its PDF and live link, printed from the saved copy', body: sendPdfRequest, response: { 200: sendPdfResponse } },
    },
    // A client that gives up (closes the connection) has its render dropped or stopped.
    async (request, reply) => ok(await service.sendPdf(currentUserId(request), request.body, clientClosedSignal(request, reply)), REPORT_SENT_MESSAGE),
  );

  app.post(
    '/api/send-pdf/preview',
    {
      preHandler: requireSubscriber,
      schema: { tags, summary: 'The e-mail send-pdf would deliver (sender, subject, HTML, text), without sending or saving', body: sendPdfPreviewRequest, response: { 200: sendPdfPreviewResponse } },
    },
    async (request) => ok(await service.previewSend(currentUserId(request), request.body)),
  );

  app.get(
    '/api/report-branding',
    { preHandler: requireSubscriber, schema: { tags, summary: "The agent's details every report is printed with (profile and brand kit)", response: { 200: reportBrandingResponse } } },
    async (request) => ok(await service.branding(currentUserId(request))),
  );

  app.post(
    '/api/update-report-counter',
    {
      preHandler: requireSubscriber,
      schema: { tags, summary: 'Count a generated report (once per report id)', body: updateReportCounterRequest, response: { 200: updateReportCounterResponse } },
    },
    async (request) => {
      const { counted, reportCount } = await service.countReport(currentUserId(request), request.body.report_id);
      return ok({ report_count: reportCount, counted });
    },
  );
};
