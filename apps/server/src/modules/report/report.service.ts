import type { FastifyBaseLogger } from 'fastify';
import { CmaStateError, migrateCmaState } from '@cma/cma';
import {
  buildReportInput, customPageIdsOf, emailSummary, photoPropertyIds, printOptionsOf, reportPdfFilename, ReportLimitError, withLogoOnFile, withStoredPhotos,
  type CustomPageFile, type ReportBranding, type ReportDocumentInput, type StoredPhoto,
} from '@cma/report';
import type { PdfRenderQueue } from './pdf-renderer';
import { RenderTimeLimitError, TooManyRendersError } from './render-queue';
import type { FileStorage } from '../storage/file-storage';
import type { MailService, OutgoingMail } from '../mail/mail.service';
import type { MailAttachment } from '../mail/mail.types';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import type { AgentProfile, ReportRepository } from './report.repository';
import { sniffImageType } from '../../http/uploads';
import { SEND_MAP_WAIT_MS, type MapService } from '../map/map.service';
import { refuseOverlongText } from '../../shared/document-limits';

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
  history_id?: number;
  /** Older clients post the state (saved first when they give no history_id). */
  state?: string | Record<string, unknown>;
  message?: string;
  copy?: boolean;
  copy_to_agent?: boolean;
  explain_weights?: boolean;
}

/** png/jpeg data URL → an inline attachment shown by cid. */
function inlineImage(dataUrl: string | null, cid: string): MailAttachment | null {
  const match = dataUrl && /^data:(image\/(?:png|jpe?g));base64,(.*)$/s.exec(dataUrl);
  return match ? { filename: `${cid}.${match[1] === 'image/png' ? 'png' : 'jpg'}`, contentType: match[1]!, contentBase64: match[2]!.replace(/\s/g, ''), cid } : null;
}

/** A short first line that greets ('Hi Taylor,', 'Dear Ms Reed,'): the agent's own greeting then opens the e-mail. */
const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^\n]{0,60}$/i;

/** The e-mail's one greeting — the agent's when their message starts with one, else ours — and the message's paragraphs. */
function greetingAndMessage(message: string | undefined, clientName: string): { greeting: string; paragraphs: string[] } {
  const paragraphs = message ? message.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean) : [];
  const [firstLine = '', ...rest] = (paragraphs[0] ?? '').split('\n');
  if (GREETING.test(firstLine.trim())) {
    const remainder = rest.join('\n').trim();
    return { greeting: firstLine.trim(), paragraphs: [...(remainder ? [remainder] : []), ...paragraphs.slice(1)] };
  }
  return { greeting: clientName ? `Hello ${clientName},` : 'Hello,', paragraphs };
}

/** The name mail from the service's address goes out under: the agent's own, from the profile, never from a state. */
export const senderNameOf = (profile: Pick<AgentProfile, 'agent_name' | 'name'>) => `${(profile.agent_name || profile.name).trim()} via CMA Studio`;

/**
 * The client's e-mail (issue 29): one greeting, the value and range in one line, the agent's message, the live link
 * and the PDF; how the value was weighed only when the agent asks for it. Sent under the agent's profile name.
 */
function clientEmail(prepared: PreparedReport, request: SendRequest, linkUrl: string, pdf: MailAttachment | null): OutgoingMail {
  const { input, profile } = prepared;
  const agentName = input.branding.agentName;
  const agentEmail = profile.business_email || profile.email;
  const logo = inlineImage(input.branding.logo, 'logo');
  const portrait = inlineImage(input.branding.headshot, 'headshot');
  const { summary, howValued } = emailSummary(input, { explainWeights: request.explain_weights === true });
  const copy = request.copy ?? request.copy_to_agent ?? false;
  const { greeting, paragraphs } = greetingAndMessage(request.message, input.clientName);
  return {
    to: request.email,
    replyTo: agentEmail,
    ...(copy ? { bcc: agentEmail } : {}),
    fromName: senderNameOf(profile),
    subject: `${input.reportName}: ${input.subject.fullAddress}`,
    title: `Your ${input.reportName.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())}`,
    paragraphs: [
      greeting,
      ...(summary ? [summary] : []),
      ...paragraphs,
      `Open the whole analysis on any phone or computer with the button below; the same report is attached as a PDF.`,
      ...(howValued ? [howValued] : []),
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

/** The view model of a state, its refusals as 422s naming the field (a list over the report's caps, a broken state). */
function printable(build: () => ReportDocumentInput): ReportDocumentInput {
  try {
    return build();
  } catch (error) {
    if (error instanceof ReportLimitError) throw new ValidationError({ [`state.${error.field}`]: [error.message] });
    if (error instanceof CmaStateError) throw new ValidationError({ state: [error.message] });
    throw error;
  }
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

  /** The agent's profile as every print reads it (GET /api/report-branding answers the same). */
  async function brandingOf(userId: string): Promise<{ profile: AgentProfile; branding: ReportBranding }> {
    const profile = await deps.repository.agentProfile(userId);
    if (!profile) throw new ValidationError({ user: ['Unknown user.'] });
    const [logo, headshot, brokerageLogo] = await Promise.all([dataUrlOf(profile.logo_key), dataUrlOf(profile.profile_image_key), dataUrlOf(profile.brokerage_logo_key)]);
    const pages = Array.isArray(profile.default_pages) ? (profile.default_pages as ReportBranding['default_pages']) : null;
    return {
      profile,
      branding: {
        agent_name: profile.agent_name || profile.name,
        email: profile.business_email || profile.email,
        phone: profile.phone ?? '',
        business_name: profile.business_name ?? '',
        business_address: profile.address ?? '',
        website: profile.website ?? '',
        licence_number: profile.license_number ?? '',
        tagline: profile.tagline ?? '',
        bio: profile.bio ?? '',
        brand_colour: profile.brand_colour,
        cover_letter_template: profile.cover_letter_template ?? '',
        default_pages: pages,
        logo,
        headshot,
        brokerage_logo: brokerageLogo,
      },
    };
  }

  /**
   * The one way the server reads a report state for printing (the e-mailed PDF, the live page and its PDF): the agent's
   * branding (printOptionsOf, as the browser's preview), optionally the photos the agent stored for its properties,
   * then buildReportInput.
   */
  async function prepare(userId: string, stateOrJson: string | Record<string, unknown>, options: { storedPhotos?: boolean; streetMap?: boolean; mapWaitMs?: number } = {}): Promise<PreparedReport> {
    const { profile, branding } = await brandingOf(userId);
    let state: Record<string, unknown>;
    try {
      state = typeof stateOrJson === 'string' ? JSON.parse(stateOrJson) : stateOrJson;
    } catch {
      throw new ValidationError({ state: ['The state must be a JSON string.'] });
    }
    const print = printOptionsOf(branding);
    if (state && typeof state === 'object') state = withLogoOnFile(state, print.logo);
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
    const reportData = state && typeof state === 'object' ? state.report_data : undefined;
    const customPages = await deps.customPages.filesFor(userId, customPageIdsOf(reportData));
    const input = printable(() => buildReportInput(state, { ...print, now: deps.now(), mapTileUrl: deps.mapTileUrl, customPages }));
    if (options.streetMap ?? true) input.mapImage = await deps.maps.forReport(input, options.mapWaitMs);
    return { input, profile, headshot: branding.headshot };
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

  /** The agent's saved report (their own, not deleted), parsed and within the document's caps. */
  async function savedReport(userId: string, historyId: number): Promise<Record<string, unknown>> {
    const json = await deps.repository.savedState(userId, historyId);
    if (json === undefined) throw new NotFoundError('This saved report no longer exists.');
    const state = JSON.parse(json) as Record<string, unknown>;
    refuseOverlongText(state);
    return state;
  }

  /** A posted state (older clients): a JSON object within the document's caps. */
  function postedState(state: string | Record<string, unknown>): Record<string, unknown> {
    let parsed: unknown;
    try {
      parsed = typeof state === 'string' ? JSON.parse(state) : state;
    } catch {
      throw new ValidationError({ state: ['The state must be a JSON string.'] });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ValidationError({ state: ['The report state must be a JSON object.'] });
    refuseOverlongText(parsed);
    return parsed as Record<string, unknown>;
  }

  return {
    prepare,
    renderPdf,

    /** The branding every report of this agent is printed with (the browser's preview prints with the same). */
    branding: async (userId: string): Promise<ReportBranding> => (await brandingOf(userId)).branding,

    /** The e-mail a send would deliver, without rendering the PDF or saving anything (the sender previews it). */
    async previewSend(userId: string, request: SendRequest) {
      const state = request.history_id !== undefined ? await savedReport(userId, request.history_id) : postedState(request.state!);
      const prepared = await prepare(userId, state, { streetMap: false });
      const message = deps.mail.compose(clientEmail(prepared, request, '(the live link is created when you send)', null));
      // Inline images as data URLs, so the preview shows them without the attachments.
      const inline = (html: string) => html.replace(/cid:(logo|headshot)/g, (_m, which: string) => (which === 'logo' ? prepared.input.branding.logo : prepared.headshot) ?? '');
      return { from: message.from, reply_to: message.replyTo ?? '', to: message.to, bcc: message.bcc ?? null, subject: message.subject, html: inline(message.html), text: message.text, attachment: reportPdfFilename(prepared.input.subject.street) };
    },

    /**
     * Prints the saved report (photos and logo from storage, as the live page) and e-mails the PDF to the client with
     * the report's live link; the send is recorded on its history entry. A posted state without a history_id (older
     * clients) is saved first. Aborting `signal` (the client went away) drops or stops the render and sends nothing.
     */
    async sendPdf(userId: string, request: SendRequest, signal?: AbortSignal) {
      let historyId = request.history_id;
      let state: Record<string, unknown>;
      if (historyId !== undefined) {
        state = await savedReport(userId, historyId);
      } else {
        state = postedState(request.state!);
        // A state the report cannot print is refused before it is saved.
        const address = printable(() => buildReportInput(state, { now: deps.now() })).subject.fullAddress;
        historyId = (await deps.sending.history.save(userId, address, JSON.stringify(state))).id;
      }
      // A send waits least for map tiles (it answers within 3 s); the tiles then serve its live page and later prints.
      const prepared = await prepare(userId, state, { storedPhotos: true, mapWaitMs: SEND_MAP_WAIT_MS });
      const { input } = prepared;
      const pdf = await renderPdf(userId, input, signal);
      signal?.throwIfAborted();
      const link = await deps.sending.liveLink(userId, historyId);
      const filename = reportPdfFilename(input.subject.street);
      await deps.mail.send(clientEmail(prepared, request, link.url, { filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }));
      const copyToAgent = (request.copy ?? request.copy_to_agent) === true;
      await deps.repository.recordSend({ userId, historyId, recipient: request.email, copyToAgent, linkId: link.id, at: deps.now() });
      return { email: request.email, filename, bytes: pdf.length, history_id: historyId, link_url: link.url };
    },

    countReport: (userId: string, reportId: string) => deps.repository.countReport(userId, reportId),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
