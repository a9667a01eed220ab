import type { ReactNode } from 'react';
import { usePageMeta, type PageMeta } from '../../../shared/ui/usePageMeta';

/** The sign-in, sign-up and password screens: one card in the middle of the page, with the step's title and description. */
export function AuthPage({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  usePageMeta(meta);
  return (
    <section className="auth-page">
      <div className="auth-card">{children}</div>
    </section>
  );
}
