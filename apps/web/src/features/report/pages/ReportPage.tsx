import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buildReportInput, customPageIdsOf, renderReportBlob, reportPdfFilename, withLogoOnFile, type BuildOptions, type CustomPageFile } from '@cma/report';
import { normalisePageChoice, type PageChoice } from '@cma/report/pages';
import { DEFAULT_COVER_LETTER } from '@cma/report/cover-letter';
import { NOT_AVAILABLE, type MarketArea } from '@cma/valuation';
import { derivedKeys } from '@cma/cma';
import { useStreetMap } from '../useStreetMap';
import { emailField } from '@cma/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { uploadListingPool } from '../../../shared/listing-pool/listingPoolApi';
import { useStateListings } from '../../../shared/listing-pool/stateListings';
import { useListCustomPagesQuery, useLazyGetCustomPageFileQuery, useStoreDefaultPagesMutation, usePreviewSendPdfMutation, useEncodedReportImagesMutation, useGetAgentDetailsQuery, usePostHistoryMutation, useSendPdfMutation, useUpdateReportCounterMutation } from '../api/reportApi';
import { selectCmaWorkflow, updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { newReportId, reportIdOf, savedStateOf } from '../store/savedState';
import { withStoredPhotos, type StoredPhoto } from '../store/storedPhotos';
import { SharePanel } from '../components/SharePanel';
import { PagePicker } from '../components/PagePicker';
import { CoverLetterEditor } from '../components/CoverLetterEditor';
import { NetSheetEditor } from '../components/NetSheetEditor';
import { MarketAreaChooser } from '../components/MarketAreaChooser';
import { CustomPagesPanel } from '../components/CustomPagesPanel';
import { useGetBrandKitQuery } from '../../../shared/api/api';
import '../report.css';
import { notify } from '../../../shared/toast';

const SOMETHING_WENT_WRONG = 'Something went wrong.';
/** The browser's PDF viewer opens on the page at the frame's width, without the thumbnail pane (which left a tablet a strip). */
const PREVIEW_VIEW = '#view=FitH&navpanes=0';
/** How long the preview waits after an edit before drawing the PDF again. */
const PREVIEW_DEBOUNCE_MS = 400;

function messageOf(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : SOMETHING_WENT_WRONG;
}


/** /report: the branded PDF rendered in the browser (same document as the server's), download, send, save. */
export default function ReportPage() {
  useDocumentTitle('Report');
  const report = useAppSelector(selectCmaWorkflow);
  const dispatch = useAppDispatch();
  const agent = useGetAgentDetailsQuery();
  const brandKit = useGetBrandKitQuery();
  const [storeDefaultPages, storingDefault] = useStoreDefaultPagesMutation();
  const uploads = useListCustomPagesQuery();
  const [fetchCustomPage] = useLazyGetCustomPageFileQuery();
  const [customFiles, setCustomFiles] = useState<CustomPageFile[]>([]);
  const [sendPdf, sending] = useSendPdfMutation();
  const [postHistory, saving] = usePostHistoryMutation();
  const [countReport] = useUpdateReportCounterMutation();
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [message, setMessage] = useState('');
  const [copyToAgent, setCopyToAgent] = useState(true);
  const [previewSend, previewing] = usePreviewSendPdfMutation();
  const [preview, setPreview] = useState<{ from: string; subject: string; html: string; attachment: string } | null>(null);
  const counted = useRef<string | null>(null);
  const renderedOnce = useRef(false);
  const reportId = reportIdOf(report);
  const [fetchPhotos] = useEncodedReportImagesMutation();
  const [photos, setPhotos] = useState<Record<string, StoredPhoto[]> | null>(null);

  // Photos the agent keeps live on the server; the PDF needs them as data URLs (subject and every comparable).
  const properties = useMemo(
    () => [report.selectedPropertydata, ...report.comaparables].flatMap((p) => (typeof p?.uuid === 'string' && p.uuid !== '' ? [{ id: p.uuid, copied: p.listingPhotosCopied === true }] : [])),
    [report.selectedPropertydata, report.comaparables],
  );
  const propertyIds = properties.map((p) => p.id);
  // A listing-photo copy finishing while the report is open changes the key, so the PDF is drawn again with them.
  const photosKey = properties.map((p) => `${p.id}:${p.copied}`).join(',');
  useEffect(() => {
    let cancelled = false;
    Promise.all(propertyIds.map((id) => fetchPhotos(id).unwrap().then((list) => [id, list] as const, () => [id, [] as StoredPhoto[]] as const))).then((entries) => {
      if (!cancelled) setPhotos(Object.fromEntries(entries));
    });
    return () => {
      cancelled = true;
    };
    // Refetched only when the properties or their copies change (the key), not on every store edit.
  }, [photosKey, fetchPhotos]);

  // Every report gets an id once: it makes saving idempotent and the generated-report count exact.
  useEffect(() => {
    if (!reportId) dispatch(updateCmaWorkflow({ report_data: { ...(report.report_data ?? {}), reportId: newReportId() } }));
  }, [reportId, report.report_data, dispatch]);

  // localStorage keeps no listing rows (decision 2131): the state's listings are the pool's nearest ones.
  const stateListings = useStateListings(report.allCsvData, report.selectedPropertydata);
  const savedState = useMemo(() => savedStateOf({ ...report, allCsvData: stateListings }), [report, stateListings]);
  const kit = brandKit.data ?? null;
  // The same profile the server prints with (send-pdf, /r/): business details, headshot and the brand kit.
  const options = useMemo<BuildOptions>(() => {
    const business = agent.data?.business ?? {};
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      agent: {
        agentName: text(business.agent_name) || text(agent.data?.user?.name),
        agentEmail: text(business.email) || text(agent.data?.user?.email),
        agentPhone: text(business.phone) || text(agent.data?.user?.phone),
        businessName: text(business.business_name),
        businessAddress: text(business.address),
        businessWebsite: text(business.website),
        licenceNumber: text(business.license_number),
        tagline: kit?.tagline ?? '',
        bio: kit?.bio ?? '',
        headshot: text(agent.data?.user?.profile_image) || null,
        brokerageLogo: kit?.brokerage_logo ?? null,
      },
      brandColour: kit?.brand_colour ?? null,
      coverLetterTemplate: kit?.cover_letter_template || null,
      defaultPages: kit?.default_pages ?? undefined,
      customPages: customFiles,
    };
  }, [agent.data, kit, customFiles]);
  const reportData = useMemo(() => (report.report_data ?? {}) as Record<string, unknown>, [report.report_data]);
  const customIds = useMemo(() => customPageIdsOf(reportData), [reportData]);
  // The files of the uploads this report prints, for the browser's preview (the server reads its own copies).
  const customKey = customIds.filter((id) => uploads.data?.some((u) => u.id === id)).join(',');
  useEffect(() => {
    let cancelled = false;
    const ids = customKey ? customKey.split(',') : [];
    Promise.all(
      ids.map((id) =>
        fetchCustomPage(id, true)
          .unwrap()
          .then((file): CustomPageFile => ({ id, name: file.name, pageCount: file.page_count, pdf: Uint8Array.from(atob(file.data_url.split(',')[1] ?? ''), (c) => c.charCodeAt(0)) }))
          .catch(() => null),
      ),
    ).then((files) => !cancelled && setCustomFiles(files.flatMap((f) => (f ? [f] : []))));
    return () => {
      cancelled = true;
    };
  }, [customKey, fetchCustomPage]);
  const setReportData = (patch: Record<string, unknown>) => dispatch(updateCmaWorkflow({ report_data: { ...reportData, ...patch } }));
  const pageChoice = useMemo(
    () => normalisePageChoice(reportData.pages ?? kit?.default_pages ?? undefined, customIds.filter((id) => uploads.data?.some((u) => u.id === id))),
    [reportData, kit, customIds, uploads.data],
  );
  const customLabels = useMemo(() => Object.fromEntries((uploads.data ?? []).map((u) => [`custom:${u.id}`, u.name])), [uploads.data]);
  const setPages = (pages: PageChoice) => setReportData({ pages });
  const isOn = (id: string) => pageChoice.some((entry) => entry.id === id && entry.on);
  /** Switches a page on where it stands in the list (the agent already placed it, or its default place). */
  const turnOn = (id: string) => setPages(pageChoice.map((entry) => (entry.id === id ? { ...entry, on: true } : entry)));
  async function onSaveDefaultPages() {
    try {
      await storeDefaultPages({ pages: pageChoice }).unwrap();
      notify('success', 'These pages are now your default for new reports.');
    } catch (error) {
      notify('error', messageOf(error));
    }
  }
  const logo = typeof agent.data?.business?.logo === 'string' ? agent.data.business.logo : null;
  const stateForPdf = useMemo(() => {
    const withLogo = withLogoOnFile(savedState, logo);
    return photos ? { ...withLogo, ...withStoredPhotos(report, photos) } : withLogo;
  }, [savedState, logo, photos, report]);
  const input = useMemo(() => {
    try {
      return { value: buildReportInput(stateForPdf, options), error: null };
    } catch (error) {
      return { value: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [stateForPdf, options]);

  const streetMap = useStreetMap(input.value);
  const printed = useMemo(() => (input.value && streetMap.ready ? { ...input.value, mapImage: streetMap.map } : null), [input.value, streetMap.ready, streetMap.map]);

  useEffect(() => {
    if (!printed || agent.isLoading || brandKit.isLoading || (!photos && propertyIds.length > 0)) return;
    let cancelled = false;
    let url: string | null = null;
    setRendering(true);
    // Typing in an editor re-renders once the agent pauses, not on every key.
    const doc = printed;
    const timer = setTimeout(() => void renderReportBlob(doc)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPdfUrl(url);
        renderedOnce.current = true;
        setRenderError(null);
        // Counted once per generated report id (spec §7 update-report-counter).
        if (reportId && counted.current !== reportId) {
          counted.current = reportId;
          countReport({ report_id: reportId }).catch(() => {});
        }
      })
      .catch((error: unknown) => !cancelled && setRenderError(error instanceof Error ? error.message : String(error)))
      .finally(() => !cancelled && setRendering(false)), renderedOnce.current ? PREVIEW_DEBOUNCE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [printed, agent.isLoading, brandKit.isLoading, photos, propertyIds.length, reportId, countReport]);

  const subject = input.value?.subject;
  const address = (subject?.fullAddress && subject.fullAddress !== NOT_AVAILABLE ? subject.fullAddress : '') || derivedKeys(report).address;
  const hasReport = !!report.selectedPropertydata && report.comaparables.length > 0;

  /** The send form's fields, checked; null (with the error shown) when the e-mail is not valid. */
  function sendBody() {
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter valid Email ID');
      return null;
    }
    setEmailError('');
    return { email: parsed.data, state: JSON.stringify(stateForPdf), ...(message.trim() ? { message: message.trim() } : {}), copy_to_agent: copyToAgent };
  }

  async function onPreview() {
    const body = sendBody();
    if (!body) return;
    try {
      setPreview(await previewSend(body).unwrap());
    } catch (error) {
      notify('error', messageOf(error));
    }
  }

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const body = sendBody();
    if (!body) return;
    // Sending saves: the report is saved first, and the send is recorded on that entry with its live link.
    const id = await saveReport();
    if (id == null) return;
    try {
      const sent = await sendPdf({ ...body, history_id: id }).unwrap();
      setPreview(null);
      notify('success', `The report has been sent to ${sent.email}.`);
    } catch (error) {
      notify('error', messageOf(error));
    }
  }

  const historyId = report.historyEntryId;

  /** Saves the report (a new entry, or its own entry again) and remembers the entry's id; null when it could not. */
  async function saveReport(announce = false): Promise<number | null> {
    if (!address) {
      notify('error', 'Choose a subject property before saving.');
      return null;
    }
    try {
      const saved = await postHistory({ address, state: JSON.stringify(savedState) }).unwrap();
      if (saved.id !== historyId) dispatch(updateCmaWorkflow({ historyEntryId: saved.id }));
      // The whole listing pool goes with the entry (when it changed), so a restore anywhere gets every listing.
      const poolProblem = await uploadListingPool(dispatch, saved.id);
      if (poolProblem) notify('error', poolProblem);
      if (announce) notify('success', saved.created ? 'Report saved to history.' : 'Report updated in history.');
      return saved.id;
    } catch (error) {
      notify('error', messageOf(error));
      return null;
    }
  }

  const onSave = () => saveReport(true);

  return (
    <section className="page report-page" aria-labelledby="page-title">
      <h1 id="page-title">Report</h1>
      <p className="lead">Your branded CMA for {address || 'the subject property'}{report.clientName ? `, prepared for ${report.clientName}` : ''}.</p>
      {/* Download and send first on a tablet, beside the preview on a desktop (report.css). */}
      <div className="report-page__layout">
        <div className="report-page__panel report-page__panel--primary">
          <div className="card">
            <dl className="report-page__summary">
              <dt>Report</dt>
              <dd>{report.reportName}</dd>
              <dt>Client</dt>
              <dd>{report.clientName || NOT_AVAILABLE}</dd>
              <dt>Suggested range</dt>
              <dd data-testid="report-range">
                {input.value?.range ? `$ ${input.value.range.start.toLocaleString('en-US')} – $ ${input.value.range.end.toLocaleString('en-US')}` : NOT_AVAILABLE}
              </dd>
            </dl>
            <div className="report-page__actions">
              {pdfUrl ? (
                <a className="button button--primary" href={pdfUrl} download={reportPdfFilename(subject?.street)}>
                  Download PDF
                </a>
              ) : (
                <button type="button" className="button button--primary" disabled>
                  {rendering || (input.value && !streetMap.ready) ? 'Preparing PDF…' : 'Download PDF'}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={() => void onSave()} disabled={saving.isLoading || !address}>
                {saving.isLoading ? 'Saving…' : 'Save to history'}
              </button>
            </div>
          </div>
          <form className="card" onSubmit={(e) => void onSend(e)} noValidate>
            <h2 className="h4">Send to client</h2>
            <label className="report-page__field">
              <span>Client e-mail</span>
              <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!emailError} aria-describedby="send-email-error" />
            </label>
            {emailError && (
              <p id="send-email-error" className="report-page__error">
                {emailError}
              </p>
            )}
            <label className="report-page__field">
              <span>Personal message (optional)</span>
              <textarea rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
            </label>
            <label className="report-page__check">
              <input type="checkbox" checked={copyToAgent} onChange={(e) => setCopyToAgent(e.target.checked)} /> Send me a copy
            </label>
            <div className="report-page__actions">
              <button type="button" className="button button--ghost" onClick={() => void onPreview()} disabled={previewing.isLoading || !hasReport}>
                {previewing.isLoading ? 'Preparing preview…' : 'Preview e-mail'}
              </button>
              <button type="submit" className="button button--accent" disabled={sending.isLoading || !hasReport}>
                {sending.isLoading ? 'Sending…' : 'Send to client'}
              </button>
            </div>
            {preview && (
              <div className="report-page__email-preview" aria-label="E-mail preview" role="region">
                <p className="report-page__email-meta">
                  From: {preview.from}
                  <br />
                  Subject: {preview.subject}
                  <br />
                  Attached: {preview.attachment}
                </p>
                <iframe title="E-mail preview" sandbox="" srcDoc={preview.html} />
              </div>
            )}
          </form>
        </div>
        <div className="report-page__viewer">
          {pdfUrl && !renderError ? (
            <iframe className="report-page__preview" title="Report preview" aria-busy={rendering} src={`${pdfUrl}${PREVIEW_VIEW}`} />
          ) : (
            <div className="report-page__placeholder" role="status">
              {input.error ?? renderError ?? (hasReport ? 'Preparing your report…' : 'Your report appears here once a subject and comparables are chosen.')}
            </div>
          )}
        </div>
        <aside className="report-page__panel report-page__panel--more">
          {hasReport && (
            <>
              <PagePicker
                choice={pageChoice}
                onChange={setPages}
                customLabels={customLabels}
                onSaveDefault={() => void onSaveDefaultPages()}
                savingDefault={storingDefault.isLoading}
              />
              <CustomPagesPanel
                uploads={uploads.data ?? []}
                inReport={customIds}
                onInReportChange={(ids) => setReportData({ customPages: ids.map((id) => ({ id })), pages: normalisePageChoice(pageChoice, ids) })}
              />
              <CoverLetterEditor
                letter={typeof reportData.coverLetter === 'string' ? reportData.coverLetter : null}
                template={kit?.cover_letter_template || DEFAULT_COVER_LETTER}
                onChange={(coverLetter) => setReportData({ coverLetter: coverLetter ?? undefined })}
                pageOn={isOn('cover-letter')}
                onTurnPageOn={() => turnOn('cover-letter')}
              />
              <NetSheetEditor
                value={(reportData.netSheet ?? {}) as Record<string, number | string>}
                onChange={(netSheet) => setReportData({ netSheet })}
                columns={input.value?.netSheet?.columns ?? null}
                pageOn={isOn('net-sheet')}
                onTurnPageOn={() => turnOn('net-sheet')}
              />
              <MarketAreaChooser
                value={reportData.marketArea}
                onChange={(marketArea: MarketArea) => setReportData({ marketArea })}
                stats={input.value?.marketStats ?? null}
                pageOn={isOn('market-statistics')}
                onTurnPageOn={() => turnOn('market-statistics')}
              />
            </>
          )}
          <SharePanel historyId={historyId} saveReport={() => saveReport()} disabled={!hasReport || saving.isLoading} />
          <Link to="/review">Back to review</Link>
        </aside>
      </div>
    </section>
  );
}
