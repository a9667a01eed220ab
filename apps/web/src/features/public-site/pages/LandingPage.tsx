import { Link } from 'react-router';
import { useGetFaqListQuery } from '../../../shared/api/api';
import { usePageMeta, type PageMeta } from '../../../shared/ui/usePageMeta';
import { PricingTeaser } from '../components/PricingTeaser';
import '../public-site.css';

const STEPS = [
  { title: 'Load your comps', text: 'Upload a REcolorado or PPAR export, or search listings by address. The format is detected for you.' },
  { title: 'Adjust like an appraiser', text: 'Every difference is priced with your own rates for the price tier. Edit any cell; totals update at once.' },
  { title: 'Send a report you’re proud of', text: 'A branded PDF with the value, the range and the reasons, e-mailed straight to your client.' },
];

const VALUATION_POINTS = [
  ['A price on every difference', 'Bedrooms, baths, garage, year built, lot, finished area, basement, condition and location: each difference between the subject and a comparable is priced with your rate for its price tier.'],
  ['Your rates, backed by the market', 'Start from sensible defaults, save your own per price tier, and compare them with rates derived from the sales you loaded — with a confidence figure.'],
  ['Risk you can see', 'Net and gross adjustments are shown as a share of each sale: green up to 10 %, amber to 20 %, red above — so weak comparables stand out.'],
  ['A value with reasons', 'Comparables that needed fewer adjustments weigh more. The reconciled value and a suggested price range come with the explanation.'],
] as const;

const REPORT_POINTS = [
  'Your logo, your colours and your contact details on every page',
  'Subject photos and facts, the comparables side by side, and the adjustment grid',
  'The reconciled value, the suggested range and the reasoning behind them',
  'Downloaded as a PDF or e-mailed to your client from the app, and saved to your history',
];

/** Also written into the landing page's <head> ahead of time (src/prerender.tsx): crawlers may never run its script. */
export const LANDING_PAGE_META: PageMeta = {
  title: 'Comparative market analysis for agents',
  description:
    'CMA Studio builds comparative market analysis reports for real-estate agents: pick comps, adjust them the way an appraiser would and send a branded PDF in minutes. 14-day free trial.',
};

/** The landing page: what CMA Studio does, how the valuation works, the report, pricing, and the FAQ (#faq). */
export default function LandingPage() {
  usePageMeta(LANDING_PAGE_META);
  const faqs = useGetFaqListQuery();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="eyebrow">For real-estate agents</p>
          <h1 id="hero-title">Comparative market analyses in minutes, not evenings.</h1>
          <p className="hero__lead">
            Pick the subject, choose the comparables, and let CMA Studio adjust each sale the way an appraiser would — then send your client a
            branded report.
          </p>
          <div className="button-row">
            <Link className="button button--primary button--large" to="/subscription-plan">
              Start your 14-day free trial
            </Link>
            <Link className="button button--ghost button--large" to="/request-demo">
              Request a Demo
            </Link>
          </div>
        </div>
        <div className="hero__figure" aria-hidden="true">
          <div className="mock-report">
            <div className="mock-report__bar" />
            <p className="mock-report__title">COMPARATIVE MARKET ANALYSIS</p>
            <p className="mock-report__value">$ 612,000</p>
            <p className="mock-report__range">Suggested range $ 598,000 – $ 627,000</p>
            <ul className="mock-report__rows">
              <li><span>Comp 1 · 0.3 mi</span><span className="risk risk--green">6.2%</span></li>
              <li><span>Comp 2 · 0.5 mi</span><span className="risk risk--green">8.9%</span></li>
              <li><span>Comp 3 · 0.8 mi</span><span className="risk risk--amber">13.4%</span></li>
            </ul>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section__title">How it works</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">{index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section section--tinted" aria-labelledby="valuation-title">
        <h2 id="valuation-title" className="section__title">How the valuation works</h2>
        <p className="section__intro">
          CMA Studio follows the principles a professional appraiser uses: it puts a monetary value on the features that make each property
          different. The result is an approximate market value for your conversation with the client — not a licensed appraisal.
        </p>
        <ul className="benefits">
          {VALUATION_POINTS.map(([title, text]) => (
            <li key={title} className="benefits__item">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="report-title">
        <h2 id="report-title" className="section__title">The report your client receives</h2>
        <ul className="checklist ps-report-list">
          {REPORT_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>

      <PricingTeaser />

      <section id="faq" className="section section--tinted faq" aria-labelledby="faq-title" tabIndex={-1}>
        <h2 id="faq-title" className="section__title">Frequently asked questions</h2>
        {faqs.isLoading && <p role="status">Loading questions…</p>}
        {faqs.isError && <p role="alert">The questions could not be loaded. Please try again later.</p>}
        {faqs.data && faqs.data.length === 0 && <p>No questions yet.</p>}
        {faqs.data && faqs.data.length > 0 && (
          <div className="faq__list">
            {faqs.data.map((entry) => (
              <details key={entry.id} className="faq__item">
                <summary>{entry.question}</summary>
                <p>{entry.answer}</p>
              </details>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
