import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import defaultAvatarUrl from '../../assets/default-avatar.svg';
import { useAppDispatch, useAppSelector } from '../hooks';
import { setLoginState } from '../../shared/session/loginSlice';
import { logout } from '../../features/accounts/logout';

// Members only: the history menu (and the report API with it) stays out of the landing page's JavaScript.
const HistoryMenu = lazy(() => import('../../features/report/components/HistoryMenu').then((module) => ({ default: module.HistoryMenu })));
/** Holds the menu's place while its chunk loads, so the nav does not shift. */
const historyMenuPlaceholder = (
  <div className="dropdown">
    <button type="button" className="nav-link dropdown__toggle" disabled>
      HISTORY <span aria-hidden="true" className="dropdown__caret">▾</span>
    </button>
  </div>
);

// Members only too: the subscription pill reads user-details, which the landing page never needs.
const AccountStatus = lazy(() => import('../../features/accounts/components/AccountStatus').then((module) => ({ default: module.AccountStatus })));

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link nav-link--active' : 'nav-link');

/** Brand, a menu toggle for narrow screens, and the nav; the menu closes on every navigation. */
function HeaderFrame({ brandTo, label, status, member, children }: { brandTo: string; label: string; status?: ReactNode; member?: boolean; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.key]);
  return (
    <header className={member ? 'site-header site-header--member' : 'site-header'}>
      <div className="site-header__inner">
        <Link to={brandTo} className="brand" aria-label="CMA Studio home">
          <img src={logoUrl} alt="" width={36} height={36} />
          <span className="brand__name">CMA Studio</span>
        </Link>
        {/* Outside the nav, so a tablet shows it without opening the menu. */}
        {status}
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav-toggle__bars" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id="site-nav" aria-label={label} className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'}>
          {children}
        </nav>
      </div>
    </header>
  );
}

/** The public site's links, for visitors and for signed-in users who have not subscribed yet. */
const publicNavLinks = (
  <ul className="nav-links">
    <li><NavLink to="/" end className={navLinkClass}>Home</NavLink></li>
    <li><NavLink to="/about-us" className={navLinkClass}>About us</NavLink></li>
    <li><NavLink to="/contact-us" className={navLinkClass}>CONTACT US</NavLink></li>
    <li><NavLink to="/subscription-plan" className={navLinkClass}>Subscription</NavLink></li>
    {/* Goes to the landing page first when elsewhere; the scroll manager then scrolls to #faq. */}
    <li><Link to={{ pathname: '/', hash: '#faq' }} className="nav-link">FAQ</Link></li>
  </ul>
);

/** Landing header for visitors (spec §2). */
export function VisitorHeader() {
  const dispatch = useAppDispatch();
  return (
    <HeaderFrame brandTo="/" label="Main">
      {publicNavLinks}
      <div className="nav-actions">
        <Link to="/login" className="button button--secondary" onClick={() => dispatch(setLoginState('login'))}>
          Sign in
        </Link>
        <Link to="/subscription-plan" className="button button--primary" onClick={() => dispatch(setLoginState('register'))}>
          Sign up
        </Link>
        <Link to="/request-demo" className="button button--accent">
          Request a Demo
        </Link>
      </div>
    </HeaderFrame>
  );
}

/** Signed in, no subscription yet (registered, or the subscription ended): choose a plan or log out, never "Sign in". */
export function UnsubscribedHeader() {
  const dispatch = useAppDispatch();
  return (
    <HeaderFrame brandTo="/" label="Main">
      {publicNavLinks}
      <div className="nav-actions">
        <button type="button" className="button button--secondary" onClick={() => void dispatch(logout())}>
          Log Out
        </button>
        <Link to="/subscription-plan" className="button button--primary">
          Choose a plan
        </Link>
      </div>
    </HeaderFrame>
  );
}

/** Header for signed-in subscribed users (spec §2), with the trial or renewal status and the account link. */
export function MemberHeader() {
  const dispatch = useAppDispatch();
  const profileImage = useAppSelector((state) => state.login.profileImage);
  return (
    <HeaderFrame
      brandTo="/home"
      label="Main"
      member
      status={
        <Suspense fallback={null}>
          <AccountStatus />
        </Suspense>
      }
    >
      <ul className="nav-links">
        <li><NavLink to="/home" className={navLinkClass}>Home</NavLink></li>
        <li><Suspense fallback={historyMenuPlaceholder}><HistoryMenu /></Suspense></li>
        <li><NavLink to="/history" className={navLinkClass}>Saved reports</NavLink></li>
        <li><NavLink to="/change-default-values" className={navLinkClass}>Change default values</NavLink></li>
        <li><NavLink to="/faqs" className={navLinkClass}>FAQS</NavLink></li>
      </ul>
      <div className="nav-actions">
        <button type="button" className="button button--secondary" onClick={() => void dispatch(logout())}>
          Log Out
        </button>
        <Link to="/edit-profile" className="account-link">
          <img
            className="avatar"
            src={profileImage || defaultAvatarUrl}
            alt=""
            width={40}
            height={40}
            onError={(event) => {
              if (event.currentTarget.src !== defaultAvatarUrl) event.currentTarget.src = defaultAvatarUrl;
            }}
          />
          <span className="account-link__text">Account</span>
        </Link>
      </div>
    </HeaderFrame>
  );
}
