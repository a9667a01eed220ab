/** @jsxRuntime automatic */
// The live web presentation of a report (/r/<token>): the same content the PDF prints (content/), as one phone-first
// HTML page that works without JavaScript and asks no other host for anything (photos are served by the page's origin).
import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReportDocumentInput } from '../build-input';
import { buildReportContent, drawPage, isBuiltIn, type BuiltInPage } from '../content';
import { INK, money } from '../theme';
import { AgentCard, telHref } from './agent';
import { liveCss } from './css';
import { LIVE_SECTIONS, type LiveContext } from './sections';

export interface LivePageOptions {
  /** The agent's headshot as a data URL, or null. */
  headshot: string | null;
  /** Where "Download PDF" points (the same report as a PDF). */
  pdfUrl: string;
  /** The URL the page loads photo number `index` of livePagePhotos() from. */
  photoUrl: (index: number) => string;
}

/**
 * Every image the page shows, in a fixed order (logo, headshot, subject photos, each comparable's first photo, street
 * map): the page refers to them by their index here, and the server serves index n from the same list.
 */
export function livePagePhotos(input: ReportDocumentInput, headshot: string | null): string[] {
  const photos: string[] = [];
  const add = (src: string | null | undefined) => {
    if (src && !photos.includes(src)) photos.push(src);
  };
  add(input.branding.logo);
  add(headshot ?? input.branding.headshot);
  for (const src of input.subject.photos) add(src);
  for (const comp of input.comparables) add(comp.photos[0]);
  // The street map composed by the server, when there is one and the page shows the map.
  if (input.pages.includes('map')) add(input.mapImage?.src);
  return photos;
}

const section = (page: BuiltInPage, ctx: LiveContext): ReactNode => drawPage(LIVE_SECTIONS, page, ctx);

function LivePage({ input, options }: { input: ReportDocumentInput; options: LivePageOptions }) {
  const { frame, pages } = buildReportContent({ ...input, branding: { ...input.branding, headshot: options.headshot ?? input.branding.headshot } });
  const ctx: LiveContext = { frame, pictures: { photos: livePagePhotos(input, options.headshot), photoUrl: options.photoUrl }, pdfUrl: options.pdfUrl };
  const { palette, headline, agent } = frame;
  const tel = telHref(agent.phone);
  const builtIn = pages.filter(isBuiltIn);
  const withBio = builtIn.some((page) => page.id === 'bio');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow, noarchive" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content={palette.brand} />
        <meta name="description" content={`Comparative market analysis for ${frame.address}, prepared by ${agent.name}.`} />
        <title>{`${frame.reportName} – ${frame.address}`}</title>
        <style dangerouslySetInnerHTML={{ __html: liveCss(palette) }} />
      </head>
      <body>
        <header className="band">
          <div className="wrap">
            <div className="band__top">
              {agent.logo ? <img className="band__logo" src={options.photoUrl(ctx.pictures.photos.indexOf(agent.logo))} alt={agent.businessName ? `${agent.businessName} logo` : 'Logo'} width={140} height={44} /> : null}
              <span className="band__business">{agent.businessName || agent.name}</span>
            </div>
            <p className="eyebrow">{frame.reportName}</p>
            <h1>{frame.address}</h1>
            <p>
              {frame.clientName ? `Prepared for ${frame.clientName} · ` : ''}
              {frame.reportDate}
            </p>
          </div>
        </header>
        <main className="wrap">
          {builtIn.filter((page) => page.id === 'cover').map((page) => <Fragment key={page.id}>{section(page, ctx)}</Fragment>)}
          <section className="value" aria-labelledby="value-title">
            <h2 id="value-title" className="label">
              {headline.rangeLabel}
            </h2>
            <p className="value__range" data-testid="live-range">
              {headline.range ? (
                <>
                  <span className="nowrap">{money(headline.range.start)}</span> – <span className="nowrap">{money(headline.range.end)}</span>
                </>
              ) : (
                headline.rangeText
              )}
            </p>
            <div className="value__row">
              <div>
                <div className="label">{headline.valueLabel}</div>
                <div className="strong" data-testid="live-value">
                  {headline.valueText}
                </div>
              </div>
            </div>
            <p className="small muted based-on">{headline.basedOn}</p>
            <div className="actions">
              <a className="button button--primary" href={options.pdfUrl}>
                Download PDF
              </a>
              {tel ? (
                <a className="button" href={tel}>
                  Call {agent.name}
                </a>
              ) : null}
            </div>
          </section>
          {builtIn
            .filter((page) => page.id !== 'cover')
            .map((page) => (
              <Fragment key={page.id}>
                {page.id === 'notes' && !withBio ? <AgentCard ctx={ctx} /> : null}
                {section(page, ctx)}
              </Fragment>
            ))}
        </main>
        <footer>Prepared by {agent.name} with CMA Studio</footer>
      </body>
    </html>
  );
}

/** The whole live page as an HTML document. */
export function renderLivePage(input: ReportDocumentInput, options: LivePageOptions): string {
  return `<!doctype html>${renderToStaticMarkup(<LivePage input={input} options={options} />)}`;
}

/** The page an unknown, expired or revoked link gets (404): it names no agent and no report. */
export function renderLinkGonePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>This link is no longer available</title><style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:${INK};background:#f6f7f9}main{max-width:560px;margin:15vh auto 0;padding:24px;background:#fff;border-radius:12px}h1{font-size:1.4rem;margin:0 0 8px}</style></head><body><main><h1>This link is no longer available</h1><p>The report you are looking for has expired or was withdrawn. Ask the agent who sent it for a new link.</p></main></body></html>`;
}
