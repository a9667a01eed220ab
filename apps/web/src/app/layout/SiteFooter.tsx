import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { useCompanyContact } from '../../shared/company';
import { notify, WILL_BE_ADDED_SOON } from '../../shared/toast';

const ICON_PATHS = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8Z',
  linkedin: 'M5 9h3.5v11H5V9Zm1.8-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM10.5 9H14v1.6c.5-.9 1.7-1.9 3.6-1.9 3.6 0 4.4 2.3 4.4 5.4V20h-3.6v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20h-3.5V9Z',
  instagram: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  x: 'M4 4h4.6l3.9 5.3L17 4h2.6l-5.9 6.9L20.5 20h-4.6l-4.2-5.7L6.8 20H4.2l6.3-7.3L4 4Z',
} as const;

function SocialIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} fill="currentColor" />
    </svg>
  );
}

const SOCIAL_LINKS = [
  { name: 'facebook', label: 'CMA Studio on Facebook', href: 'https://www.facebook.com/cmastudio' },
  { name: 'linkedin', label: 'CMA Studio on LinkedIn', href: 'https://www.linkedin.com/company/cmastudio' },
] as const;
// Spec §1: two social networks only show a toast for now.
const SOCIAL_COMING_SOON = [
  { name: 'instagram', label: 'Instagram' },
  { name: 'x', label: 'X (Twitter)' },
] as const;

/** Footer of spec §1–§2: Quick Links, Company, Contact Us, address, social icons, copyright with the current year. */
export function SiteFooter() {
  const company = useCompanyContact();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--inverse" aria-label="CMA Studio home">
            <img src={logoUrl} alt="" width={32} height={32} />
            <span className="brand__name">CMA Studio</span>
          </Link>
          <p className="site-footer__tagline">Comparative market analyses, priced the appraiser’s way.</p>
          <address className="site-footer__address">
            {company.addressLines.map((line) => (
              <span key={line} className="address-line">{line}</span>
            ))}
          </address>
          <ul className="social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a className="social__link" href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.label}>
                  <SocialIcon name={link.name} />
                </a>
              </li>
            ))}
            {SOCIAL_COMING_SOON.map((network) => (
              <li key={network.name}>
                <button type="button" className="social__link" aria-label={network.label} onClick={() => notify('info', WILL_BE_ADDED_SOON)}>
                  <SocialIcon name={network.name} />
                </button>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/about-us">About Us</Link></li>
            <li><Link to="/subscription-plan">Subscription</Link></li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            <li><Link to="/terms-condition">Terms</Link></li>
            <li><Link to="/privacy-policy">Privacy Policy</Link></li>
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2>Questions?</h2>
          <p>
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
          </p>
          <Link to="/contact-us" className="button button--on-dark">Contact Us</Link>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>© {year} CMA Studio. All rights reserved.</p>
      </div>
    </footer>
  );
}
