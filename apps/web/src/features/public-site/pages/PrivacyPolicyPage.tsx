import { Link } from 'react-router';
import { useCompanyContact } from '../../../shared/company';
import { LegalDocument } from '../components/LegalDocument';

/** The privacy policy (spec §1: the company never sells user information). */
export default function PrivacyPolicyPage() {
  const company = useCompanyContact();
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How CMA Studio collects, uses, keeps and protects the information of the agents who use it — and our promise never to sell it."
      updated="November 1, 2026"
      intro={
        <p className="lead">
          CMA Studio collects only what it needs to run your account and build your reports. <strong>We never sell user information</strong> — not
          yours, not your clients’, not to anyone.
        </p>
      }
      sections={[
        {
          id: 'who-we-are',
          title: 'Who we are',
          body: (
            <p>
              CMA Studio (“we”, “us”) provides a subscription web application that real-estate agents use to prepare comparative market
              analysis reports. This policy explains what we collect when you visit our website or use the application, why, and the choices
              you have. Our mailing address is {company.addressLines.join(', ')}.
            </p>
          ),
        },
        {
          id: 'what-we-collect',
          title: 'Information we collect',
          body: (
            <>
              <h3>Information you give us</h3>
              <ul>
                <li>Account details: your name, e-mail address, phone number and password (stored only as a one-way hash).</li>
                <li>Business details for your reports: brokerage, licence details, logo and profile picture, if you add them.</li>
                <li>The listing data you upload or select, the photos you add, your adjustment values and the reports you save.</li>
                <li>Messages you send us through Contact Us or Request a Demo, including any images you attach.</li>
              </ul>
              <h3>Payment information</h3>
              <p>
                Card payments are handled by our payment provider. Your full card number never reaches our servers; we keep only the card’s brand,
                last four digits and expiry date to show you which card is on file.
              </p>
              <h3>Information collected automatically</h3>
              <p>
                Our servers record technical data needed to operate and secure the service: IP address, browser type, the pages requested and error
                reports. We use this to keep the service working, to prevent abuse (for example, limiting repeated sign-in attempts) and to measure
                performance. We do not use advertising trackers.
              </p>
            </>
          ),
        },
        {
          id: 'how-we-use',
          title: 'How we use information',
          body: (
            <ul>
              <li>To provide the service: sign you in, build and store your reports, and send the e-mails you ask for.</li>
              <li>To bill your subscription after the 14-day free trial, and to tell you about changes to your plan.</li>
              <li>To answer your questions and demo requests.</li>
              <li>To secure the service, investigate abuse and comply with the law.</li>
              <li>To improve the product, using aggregated information that does not identify you.</li>
            </ul>
          ),
        },
        {
          id: 'never-sell',
          title: 'We never sell user information',
          body: (
            <p>
              We do not sell, rent or trade personal information, and we do not share it for others’ marketing. We share information only with the
              service providers that run parts of our service on our behalf (hosting, e-mail delivery, payment processing, error reporting), under
              contracts that limit their use to that purpose; when the law requires it; or, if the business is transferred, with a successor bound
              by this policy.
            </p>
          ),
        },
        {
          id: 'listing-data',
          title: 'Multiple-listing data',
          body: (
            <p>
              Listing data you import from a multiple listing service stays in your account and is used only to build your reports. It must be used
              according to the listing provider’s rules; see our <Link to="/terms-condition">Terms of Use</Link>.
            </p>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep information',
          body: (
            <p>
              We keep your account information and saved reports while your account is open, so your history is always there when you return. When
              you ask us to close your account, we delete your personal information and reports within 30 days, except what we must keep for tax,
              accounting or legal reasons. Contact messages are kept for up to two years.
            </p>
          ),
        },
        {
          id: 'security',
          title: 'Security',
          body: (
            <p>
              Connections are encrypted, passwords are hashed with a modern algorithm, session tokens are stored only as hashes, and uploaded files
              are checked by their content. No method of transmission or storage is perfectly secure, but we work to protect your information and
              will notify you of a breach that affects you as the law requires.
            </p>
          ),
        },
        {
          id: 'your-choices',
          title: 'Your rights and choices',
          body: (
            <p>
              You can see and correct your profile at any time in the application. You can ask us for a copy of your information, or ask us to delete
              it, by writing to {company.email}. Residents of some states (for example California and Colorado) have additional rights under their
              privacy laws; we honour them for all users.
            </p>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies and local storage',
          body: (
            <p>
              We use your browser’s local storage to keep you signed in and to keep the report you are working on. We do not use third-party
              advertising cookies. Clearing your browser’s storage signs you out.
            </p>
          ),
        },
        {
          id: 'children',
          title: 'Children',
          body: <p>CMA Studio is a professional tool for licensed agents and is not directed to children under 16. We do not knowingly collect their information.</p>,
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: <p>If we change this policy in a way that matters, we will e-mail subscribers at least 14 days before the change takes effect.</p>,
        },
        {
          id: 'contact',
          title: 'Contact us',
          body: (
            <p>
              Questions about privacy: e-mail <a href={`mailto:${company.email}`}>{company.email}</a>, call {company.phone}, write to{' '}
              {company.addressLines.join(', ')}, or use our <Link to="/contact-us">Contact Us</Link> page.
            </p>
          ),
        },
      ]}
    />
  );
}
