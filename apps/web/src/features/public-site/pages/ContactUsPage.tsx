import { useCompanyContact } from '../../../shared/company';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import { ContactForm } from '../contact/ContactForm';
import '../public-site.css';

/** Contact Us (spec §2): the company's e-mail, phone and mailing address, and the contact form. */
export default function ContactUsPage() {
  usePageMeta({
    title: 'Contact us',
    description: 'Questions about CMA Studio, your subscription or a report? E-mail, call or write to us; we answer within one business day.',
  });
  const company = useCompanyContact();
  return (
    <div className="page ps-contact">
      <header className="ps-page-head">
        <h1 id="page-title">Contact Us</h1>
        <p className="lead">Questions about CMA Studio, your subscription or a report? We answer within one business day.</p>
      </header>
      <div className="ps-contact__grid">
        <aside className="ps-contact__details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">Reach us directly</h2>
          <dl className="contact-list">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
            </dd>
            <dt>Mailing address</dt>
            <dd>
              <address>
                {company.addressLines.map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </dl>
          <p className="ps-muted">Monday to Friday, 8 am – 6 pm Mountain Time.</p>
        </aside>
        <ContactForm />
      </div>
    </div>
  );
}
