import type { ReactNode } from 'react';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import '../public-site.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: title, last-updated date, contents with links, and numbered sections. */
export function LegalDocument({ title, description, updated, intro, sections }: { title: string; description: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  usePageMeta({ title, description });
  return (
    <article className="page page--narrow prose ps-legal" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="ps-legal__updated">Last updated {updated}</p>
      {intro}
      <nav className="ps-legal__toc" aria-label="Contents">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
