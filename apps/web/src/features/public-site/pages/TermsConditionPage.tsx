import { Link } from 'react-router';
import { useCompanyContact } from '../../../shared/company';
import { LegalDocument } from '../components/LegalDocument';

/** Terms of use (spec §1: an approximate value, not a licensed appraisal; MLS data under the provider's rules; no sale of user information). */
export default function TermsConditionPage() {
  const company = useCompanyContact();
  return (
    <LegalDocument
      title="Terms of Use"
      description="The terms for using CMA Studio: subscriptions and the free trial, your listing data, what a CMA value is and is not, and our responsibilities."
      updated="November 1, 2026"
      intro={
        <p className="lead">
          These terms are an agreement between you and CMA Studio. By creating an account or using the service you accept them. Please read them
          — they are written to be read.
        </p>
      }
      sections={[
        {
          id: 'service',
          title: 'The service',
          body: (
            <p>
              CMA Studio is a web application for real-estate professionals that helps prepare comparative market analysis (CMA) reports: you choose
              a subject property and comparable sales, adjust them, and produce a report. You must be at least 18 and able to enter a contract to use
              it.
            </p>
          ),
        },
        {
          id: 'not-an-appraisal',
          title: 'A CMA is not an appraisal',
          body: (
            <>
              <p>
                <strong>The value shown by CMA Studio is an approximate value and not a licensed appraisal.</strong> It is an estimate for discussing
                pricing with your client, based on the data and adjustment values you provide. It must not be presented as an appraisal, used as the
                basis for a mortgage loan, or relied on where a licensed appraisal is required.
              </p>
              <p>You are responsible for checking the data, the comparables and the adjustments you choose, and for the opinions you give your clients.</p>
            </>
          ),
        },
        {
          id: 'mls-data',
          title: 'Multiple-listing data',
          body: (
            <p>
              <strong>Imported multiple-listing data must be used according to the listing provider’s rules.</strong> You may upload or search only data
              you are authorised to use, and you are responsible for following your MLS’s rules on display, attribution, confidentiality and
              distribution — including in the reports you send. We may remove data when a listing provider requires it.
            </p>
          ),
        },
        {
          id: 'accounts',
          title: 'Your account',
          body: (
            <p>
              Keep your password confidential and tell us at once if you think your account has been used without permission. An account is for one
              person; do not share it. You are responsible for activity under your account.
            </p>
          ),
        },
        {
          id: 'subscription',
          title: 'Subscriptions, trial and billing',
          body: (
            <>
              <p>
                New subscribers get a 14-day free trial. Unless you cancel before the trial ends, your card is charged the plan price on the date shown
                when you subscribe, and then at the start of each billing period until you cancel.
              </p>
              <p>
                You can change plans or cancel in your profile at any time; a cancellation takes effect at the end of the period already paid. Fees are
                non-refundable except where the law requires. We will give at least 30 days’ notice by e-mail before any price change applies to you.
              </p>
            </>
          ),
        },
        {
          id: 'your-content',
          title: 'Your content',
          body: (
            <p>
              You keep all rights to the data, photos, logos and reports you put into CMA Studio. You give us permission to store and process them only
              to provide the service to you. You confirm you have the right to use the photos and logos you upload.
            </p>
          ),
        },
        {
          id: 'privacy',
          title: 'Privacy',
          body: (
            <p>
              Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle personal information. <strong>We never sell user information.</strong>
            </p>
          ),
        },
        {
          id: 'acceptable-use',
          title: 'Acceptable use',
          body: (
            <ul>
              <li>Do not try to break, overload or get around the security of the service, or access another user’s data.</li>
              <li>Do not scrape the service, resell it, or use it to build a competing product.</li>
              <li>Do not upload unlawful content or content that infringes someone else’s rights.</li>
            </ul>
          ),
        },
        {
          id: 'availability',
          title: 'Availability and changes',
          body: (
            <p>
              We work to keep the service available and your data safe, and we improve the product continually. We may change features; if we remove a
              feature that matters to your subscription, you may cancel and receive a pro-rated refund for the unused period.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Disclaimers and limitation of liability',
          body: (
            <p>
              The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential losses, or for decisions
              made on the basis of a CMA value, and our total liability is limited to the fees you paid in the 12 months before the claim.
            </p>
          ),
        },
        {
          id: 'termination',
          title: 'Ending the agreement',
          body: (
            <p>
              You may stop using the service and close your account at any time. We may suspend or close an account that breaks these terms, with
              notice where reasonable. On closing, you may download your reports for 30 days.
            </p>
          ),
        },
        {
          id: 'law',
          title: 'Governing law',
          body: <p>These terms are governed by the laws of the State of Colorado, USA. Courts in Denver, Colorado have jurisdiction over disputes.</p>,
        },
        {
          id: 'contact',
          title: 'Contact',
          body: (
            <p>
              Questions about these terms: <a href={`mailto:${company.email}`}>{company.email}</a>, {company.phone}, {company.addressLines.join(', ')}, or
              our <Link to="/contact-us">Contact Us</Link> page.
            </p>
          ),
        },
      ]}
    />
  );
}
