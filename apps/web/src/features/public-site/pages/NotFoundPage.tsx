import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../shared/ui/usePageMeta';

/** The unknown-path fallback (spec §2): says what happened and offers the ways on. */
export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: 'The page you asked for does not exist on CMA Studio.' });
  const { pathname } = useLocation();
  return (
    <section className="page page--narrow not-found" aria-labelledby="page-title">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="page-title">We can’t find that page</h1>
      <p className="lead">
        There is no page at <code className="not-found__path">{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <div className="button-row">
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
        <Link className="button button--secondary" to="/contact-us">
          Contact us
        </Link>
      </div>
    </section>
  );
}
