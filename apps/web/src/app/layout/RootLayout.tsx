import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { registerNavigator } from '../../shared/navigation';
import { useSessionState } from '../../shared/session/session';
import { MemberHeader, UnsubscribedHeader, VisitorHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { ScrollManager } from './ScrollManager';

/** The page frame every route shares: skip link, the header for the session, main content, footer. */
export function RootLayout() {
  const navigate = useNavigate();
  const { signedIn, subscribedSession } = useSessionState();

  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(undefined);
  }, [navigate]);

  return (
    <div className="app-shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to main content
      </a>
      <ScrollManager />
      {subscribedSession ? <MemberHeader /> : signedIn ? <UnsubscribedHeader /> : <VisitorHeader />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
