import { useState, type FormEvent } from 'react';
import { DEMO_PREFERRED_TIMES, DEMO_SUCCESS_MESSAGE } from '@cma/contracts';
import { FormField } from '../components/FormField';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import { errorMessageOf, fieldErrorsOf, useRequestDemoMutation } from '../publicSiteApi';
import { formatMobileInput } from '../contact/contactForm';
import { EMPTY_DEMO_FORM, demoRequestBody, validateDemoField, type DemoErrors, type DemoField } from '../demo/requestDemoForm';
import { useCheckedForm } from '../forms/useCheckedForm';
import '../public-site.css';
import { notify } from '../../../shared/toast';

const WHAT_YOU_SEE = [
  'A CMA built live from your own MLS export (REcolorado or PPAR) or an address search',
  'How each adjustment is priced with your rates, and where the market data disagree',
  'The reconciled value, the suggested range and the branded PDF your client receives',
  'Questions from you and your team — about 20 minutes in all',
];

/** Request a Demo: a short form, stored and e-mailed to the team, with a confirmation to the agent. */
export default function RequestDemoPage() {
  usePageMeta({
    title: 'Request a demo',
    description: 'See CMA Studio build a comparative market analysis from your own MLS export in a 20-minute live walkthrough.',
  });
  const { values, errors, setErrors, change, checkAll, clear } = useCheckedForm<DemoField>(EMPTY_DEMO_FORM, validateDemoField, { phone: formatMobileInput });
  const [sent, setSent] = useState(false);
  const [requestDemo, { isLoading }] = useRequestDemoMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkAll()) return;
    try {
      const response = await requestDemo(demoRequestBody(values)).unwrap();
      notify('success', response.message || DEMO_SUCCESS_MESSAGE);
      clear();
      setSent(true);
    } catch (error) {
      setErrors(fieldErrorsOf(error) as DemoErrors);
      notify('error', `error is ${errorMessageOf(error)}`);
    }
  };

  const input = (field: DemoField, label: string, props: Record<string, unknown> = {}, optional = false) => (
    <FormField label={label} error={errors[field]} optional={optional}>
      {(control) => <input {...control} {...props} name={field} className="ps-input" value={values[field]} onChange={(event) => change(field, event.target.value)} />}
    </FormField>
  );

  return (
    <div className="page ps-contact">
      <header className="ps-page-head">
        <h1 id="page-title">Request a Demo</h1>
        <p className="lead">See CMA Studio build a report from your own listings, live, in about 20 minutes.</p>
      </header>
      <div className="ps-contact__grid">
        <aside className="ps-contact__details" aria-labelledby="demo-what-title">
          <h2 id="demo-what-title">What you will see</h2>
          <ul className="checklist">
            {WHAT_YOU_SEE.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="ps-muted">Demos run Monday to Saturday, Mountain Time. Teams are welcome.</p>
        </aside>
        <form className="ps-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="demo-form-title">
          <h2 id="demo-form-title">Tell us when suits you</h2>
          {sent && (
            <p className="ps-notice" role="status">
              {DEMO_SUCCESS_MESSAGE}
            </p>
          )}
          <div className="ps-form__row">
            {input('name', 'Name', { autoComplete: 'name' })}
            {input('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          </div>
          <div className="ps-form__row">
            {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric', placeholder: '303-555-0142' })}
            {input('brokerage', 'Brokerage', { autoComplete: 'organization', maxLength: 160 }, true)}
          </div>
          <FormField label="Preferred time" error={errors.preferred_time}>
            {(control) => (
              <select {...control} name="preferred_time" className="ps-input" value={values.preferred_time} onChange={(event) => change('preferred_time', event.target.value)}>
                {DEMO_PREFERRED_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Message" error={errors.message} optional hint="Your MLS, team size, or anything you would like us to show.">
            {(control) => (
              <textarea {...control} name="message" className="ps-input ps-input--area" rows={4} maxLength={2000} value={values.message} onChange={(event) => change('message', event.target.value)} />
            )}
          </FormField>
          <button type="submit" className="button button--primary button--large" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Request a Demo'}
          </button>
        </form>
      </div>
    </div>
  );
}
