import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const HASH_WAIT_MS = 3000;

/**
 * Every navigation scrolls to the top (spec §2), not the page load itself; a navigation with a hash (FAQ → /#faq) scrolls to that
 * section instead, waiting for the lazy page to render it. Focus moves to <main> for screen-reader users.
 * A change of the query alone (a search box, a pager) is the page's own business: it keeps focus where the page puts it.
 */
export function ScrollManager() {
  const location = useLocation();
  const firstRender = useRef(true);
  const last = useRef({ pathname: location.pathname, search: location.search });

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    const queryOnly = last.current.pathname === location.pathname && last.current.search !== location.search && !location.hash;
    last.current = { pathname: location.pathname, search: location.search };
    if (queryOnly && !isFirst) return;
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) {
      // On the first render the browser owns the position (top on a fresh load, restored on reload), and a visitor may
      // already have scrolled the prerendered landing page before the app started.
      if (isFirst) return;
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      document.getElementById('main')?.focus({ preventScroll: true });
      return;
    }
    const started = performance.now();
    let frame = 0;
    const scrollToTarget = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        target.focus?.({ preventScroll: true });
      } else if (performance.now() - started < HASH_WAIT_MS) {
        frame = requestAnimationFrame(scrollToTarget);
      }
    };
    scrollToTarget();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, location.search, location.hash]);

  return null;
}
