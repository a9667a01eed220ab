import type { FastifyBaseLogger } from 'fastify';
import { CmaStateError, migrateCmaState } from '@cma/cma';
import {
  buildReportInput, customPageIdsOf, valueSentences, reportPdfFilename, withLogoOnFile, type CustomPageFile, photoPropertyIds, ReportLimitError, withStoredPhotos, type ReportDocumentInput, type StoredPhoto,
} from '@cma/report';
import type { PdfRenderQueue } from './pdf-renderer';
import { RenderTimeLimitError, TooManyRendersError } from './render-queue';
import type { FileStorage } from '../storage/file-storage';
import type { MailService, OutgoingMail } from '../mail/mail.service';
import type { MailAttachment } from '../mail/mail.types';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import type { AgentProfile, ReportRepository } from './report.repository';
import { sniffImageType } from '../../http/uploads';
import type { MapService } from '../map/map.service';

interface Deps {
  repository: ReportRepository;
  mail: MailService;
  storage: FileStorage;
  now: () => Date;
  mapTileUrl: string | null;
  /** The street map behind the map page; null when tiles cannot be had (the PDF draws its offline map). */
  maps: Pick<MapService, 'forReport'>;
  renders: PdfRenderQueue;
  log: FastifyBaseLogger;
  /** The agent's uploaded PDF pages a report lists, with their files (only the agent's own). */
  customPages: { filesFor(userId: string, ids: readonly string[]): Promise<CustomPageFile[]> };
  /** Sending saves the state to history and the e-mail carries the live link. */
  sending: ReportSending;
}

export interface ReportSending {
  history: { save(userId: string, address: string, stateJson: string): Promise<{ id: number }> };
  liveLink(userId: string, historyId: number): Promise<{ id: number; url: string }>;
}

/** PNG or JPEG by content: the two formats the PDF can embed. */
const pdfImageType = (bytes: Buffer): string | null => {
  const type = sniffImageType(bytes);
  return type === 'image/png' || type === 'image/jpeg' ? type : null;
};


interface SendRequest {
  email: string;
  state: string | Record<string, unknown>;
  message?: string;
  copy_to_agent?: boolean;
  history_id?: number;
}

/** png/jpeg data URL → an inline attachment shown by cid. */
function inlineImage(dataUrl: string | null, cid: string): MailAttachment | null {
  const match = dataUrl && /^data:(image\/(?:png|jpe?g));base64,(.*)$/s.exec(dataUrl);
  return match ? { filename: `${cid}.${match[1] === 'image/png' ? 'png' : 'jpg'}`, contentType: match[1]!, contentBase64: match[2]!.replace(/\s/g, ''), cid } : null;
}

/** The client's e-mail, from the agent: their name as sender, colour, logo, headshot, signature, message and live link. */
function clientEmail(prepared: PreparedReport, request: SendRequest, linkUrl: string, pdf: MailAttachment | null): OutgoingMail {
  const { input, profile, headshot } = prepared;
  const agentName = input.branding.agentName || profile.name;
  const agentEmail = profile.business_email || profile.email;
  const logo = inlineImage(input.branding.logo, 'logo');
  const portrait = inlineImage(headshot, 'headshot');
  // The same sentences /review and the PDF print (comparables by number and street), when the report shows the value's reasoning.
  const howValued = input.reconciliation && input.pages.includes('reconciliation') ? [`How the value was reached: ${valueSentences(input.reconciliation).join(' ')}`] : [];
  return {
    to: request.email,
    replyTo: agentEmail,
    ...(request.copy_to_agent ? { bcc: agentEmail } : {}),
    fromName: `${agentName} via CMA Studio`,
    subject: `${input.reportName}: ${input.subject.fullAddress}`,
    title: `Your ${input.reportName.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())}`,
    paragraphs: [
      input.clientName ? `Hello ${input.clientName},` : 'Hello,',
      ...(request.message ? request.message.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean) : []),
      `${agentName} has prepared a comparative market analysis for ${input.subject.fullAddress}. Open it on any phone or computer with the button below; the same report is attached as a PDF.`,
      ...howValued,
      `Reply to this e-mail to reach ${agentName} directly.`,
    ],
    action: { label: 'View your report online', url: linkUrl },
    footnote: 'The analysis is an approximate value based on comparable sales, not a licensed appraisal.',
    brand: {
      colour: input.colour,
      agentName,
      businessName: input.branding.businessName,
      phone: input.branding.agentPhone,
      email: agentEmail,
      website: input.branding.businessWebsite,
      logoCid: logo ? 'logo' : null,
      headshotCid: portrait ? 'headshot' : null,
    },
    attachments: [pdf, logo, portrait].filter((a): a is MailAttachment => a !== null),
  };
}

/** A report ready to print: the engine's view model and the agent it is branded for. */
export interface PreparedReport {
  input: ReportDocumentInput;
  profile: AgentProfile;
  /** The agent's profile picture as a png/jpeg data URL, or null. */
  headshot: string | null;
}

export function createReportService(deps: Deps) {
  const dataUrlOf = async (key: string | null): Promise<string | null> => {
    if (!key) return null;
    const bytes = await deps.storage.get(key);
    const type = bytes && pdfImageType(bytes);
    return bytes && type ? `data:${type};base64,${bytes.toString('base64')}` : null;
  };

  /**
   * The one way the server reads a report state for printing (the e-mailed PDF, the live page and its PDF): the agent's
   * business details and logo on file, optionally the photos the agent stored for its properties, then buildReportInput.
   */
  async function prepare(userId: string, stateOrJson: string | Record<string, unknown>, options: { storedPhotos?: boolean; streetMap?: boolean } = {}): Promise<PreparedReport> {
    const profile = await deps.repository.agentProfile(userId);
    if (!profile) throw new ValidationError({ user: ['Unknown user.'] });
    let state: Record<string, unknown>;
    try {
      state = typeof stateOrJson === 'string' ? JSON.parse(stateOrJson) : stateOrJson;
    } catch {
      throw new ValidationError({ state: ['The state must be a JSON string.'] });
    }
    if (state && typeof state === 'object' && profile.logo_key) state = withLogoOnFile(state, await dataUrlOf(profile.logo_key));
    if (options.storedPhotos && state && typeof state === 'object' && !Array.isArray(state)) {
      const migrated = migrateCmaState(state);
      const rows = await deps.repository.propertyImages(userId, photoPropertyIds(migrated));
      const photos: Record<string, StoredPhoto[]> = {};
      for (const row of rows) {
        const bytes = await deps.storage.get(row.storage_key);
        if (bytes) (photos[row.property_id] ??= []).push({ id: row.id, data_url: `data:${row.content_type};base64,${bytes.toString('base64')}` });
      }
      state = { ...migrated, ...withStoredPhotos(migrated, photos) } as unknown as Record<string, unknown>;
    }
    const headshot = await dataUrlOf(profile.profile_image_key);
    const reportData = state && typeof state === 'object' && state.report_data && typeof state.report_data === 'object' ? (state.report_data as Record<string, unknown>) : {};
    const customPages = await deps.customPages.filesFor(userId, customPageIdsOf(reportData));
    let input: ReportDocumentInput;
    try {
      input = buildReportInput(state, {
        now: deps.now(),
        mapTileUrl: deps.mapTileUrl,
        agent: {
          agentName: profile.agent_name || profile.name,
          agentEmail: profile.business_email || profile.email,
          agentPhone: profile.phone ?? '',
          businessName: profile.business_name ?? '',
          businessAddress: profile.address ?? '',
          businessWebsite: profile.website ?? '',
          licenceNumber: profile.license_number ?? '',
          tagline: profile.tagline ?? '',
          bio: profile.bio ?? '',
          headshot,
          brokerageLogo: await dataUrlOf(profile.brokerage_logo_key),
        },
        brandColour: profile.brand_colour,
        coverLetterTemplate: profile.cover_letter_template,
        defaultPages: profile.default_pages ?? undefined,
        customPages,
      });
    } catch (error) {
      if (error instanceof ReportLimitError) throw new ValidationError({ [`state.${error.field}`]: [error.message] });
      if (error instanceof CmaStateError) throw new ValidationError({ state: [error.message] });
      throw error;
    }
    if (options.streetMap ?? true) input.mapImage = await deps.maps.forReport(input);
    return { input, profile, headshot };
  }

  /**
   * The report's PDF, rendered in the agent's turn on the shared workers; its refusals in words an agent can act on.
   * Aborting `signal` (the client went away) drops or stops the render.
   */
  async function renderPdf(userId: string, input: ReportDocumentInput, signal?: AbortSignal): Promise<Buffer> {
    try {
      return await deps.renders.render(userId, input, signal);
    } catch (error) {
      if (error instanceof RenderTimeLimitError) {
        deps.log.warn({ userId, comparables: input.comparables.length, limitMs: error.limitMs }, 'PDF render stopped at its time limit');
        const seconds = error.limitMs / 1000;
        throw new ValidationError({
          state: [`The report took longer than ${seconds} second${seconds === 1 ? '' : 's'} to prepare and was stopped. Remove some comparables or photos and send it again.`],
        });
      }
      if (error instanceof TooManyRendersError) {
        throw new AppError(429, `You already have ${error.limit} reports being prepared. Send this one again when they have gone out.`);
      }
      throw error;
    }
  }

  return {
    prepare,
    renderPdf,

    /** The e-mail a send would deliver, without rendering the PDF or saving anything (the sender previews it). */
    async previewSend(userId: string, request: SendRequest) {
      const prepared = await prepare(userId, request.state, { streetMap: false });
      const message = deps.mail.compose(clientEmail(prepared, request, '(the live link is created when you send)', null));
      // Inline images as data URLs, so the preview shows them without the attachments.
      const inline = (html: string) => html.replace(/cid:(logo|headshot)/g, (_m, which: string) => (which === 'logo' ? prepared.input.branding.logo : prepared.headshot) ?? '');
      return { from: message.from, reply_to: message.replyTo ?? '', to: message.to, bcc: message.bcc ?? null, subject: message.subject, html: inline(message.html), text: message.text, attachment: reportPdfFilename(prepared.input.subject.street) };
    },

    /**
     * Renders the PDF from the submitted state (engine numbers, the agent's branding) and e-mails it to the client with
     * the report's live link; the report is saved to history (unless the request names its entry) and the send recorded.
     * Aborting `signal` (the client went away) drops or stops the render and sends nothing.
     */
    async sendPdf(userId: string, request: SendRequest, signal?: AbortSignal) {
      const prepared = await prepare(userId, request.state);
      const { input } = prepared;
      let historyId = request.history_id;
      if (historyId !== undefined) {
        if (!(await deps.repository.ownsHistory(userId, historyId))) throw new NotFoundError('This saved report no longer exists.');
      }
      const pdf = await renderPdf(userId, input, signal);
      signal?.throwIfAborted();
      if (historyId === undefined) {
        const stateJson = typeof request.state === 'string' ? request.state : JSON.stringify(request.state);
        historyId = (await deps.sending.history.save(userId, input.subject.fullAddress, stateJson)).id;
      }
      const link = await deps.sending.liveLink(userId, historyId);
      const filename = reportPdfFilename(input.subject.street);
      await deps.mail.send(clientEmail(prepared, request, link.url, { filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }));
      await deps.repository.recordSend({ userId, historyId, recipient: request.email, copyToAgent: request.copy_to_agent === true, linkId: link.id, at: deps.now() });
      return { email: request.email, filename, bytes: pdf.length, history_id: historyId, link_url: link.url };
    },

    countReport: (userId: string, reportId: string) => deps.repository.countReport(userId, reportId),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
