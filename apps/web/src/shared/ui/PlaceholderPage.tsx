import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from './useDocumentTitle';

interface PlaceholderPageProps {
  title: string;
  /** One sentence on what this screen is for. */
  summary: string;
  /** What the finished screen will let the agent do. */
  plannedFeatures?: string[];
  children?: ReactNode;
  backTo?: { to: string; label: string };
}

/** A tidy stand-in for a screen that a later issue fills; keeps every link going somewhere real. */
export function PlaceholderPage({ title, summary, plannedFeatures = [], children, backTo }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="page page--narrow placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="lead">{summary}</p>
      {plannedFeatures.length > 0 && (
        <div className="card">
          <h2 className="card__title">Coming to this screen</h2>
          <ul className="checklist">
            {plannedFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      )}
      {children}
      {backTo && (
        <p>
          <Link className="button button--secondary" to={backTo.to}>
            {backTo.label}
          </Link>
        </p>
      )}
    </section>
  );
}
