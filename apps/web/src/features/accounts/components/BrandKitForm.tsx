// The brand kit on /edit-profile: what every report starts from (colour, tagline, short bio, cover letter template,
// brokerage logo). Logo, headshot and licence number are the business details and profile picture above.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { BRAND_BIO_MAX_LENGTH, BRAND_TAGLINE_MAX_LENGTH, COVER_LETTER_MAX_LENGTH } from '@cma/contracts';
import { DEFAULT_COVER_LETTER, COVER_LETTER_PLACEHOLDERS } from '@cma/report/cover-letter';
import { DEFAULT_PDF_COLOR } from '@cma/cma/defaults';
import { useGetBrandKitQuery } from '../../../shared/api/api';
import { notify } from '../../../shared/toast';
import { readApiFailure, useStoreBrandKitMutation } from '../accountsApi';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { LogoPicker, useLogoChoice } from './LogoPicker';

type TextKey = 'tagline' | 'bio' | 'cover_letter_template';

export function BrandKitForm() {
  const { data: kit } = useGetBrandKitQuery();
  const [store, { isLoading }] = useStoreBrandKitMutation();
  const [values, setValues] = useState<{ brand_colour: string; tagline: string; bio: string; cover_letter_template: string }>({ brand_colour: '', tagline: '', bio: '', cover_letter_template: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const logo = useLogoChoice(kit?.brokerage_logo ?? null);
  useEffect(() => {
    if (kit) setValues({ brand_colour: kit.brand_colour ?? '', tagline: kit.tagline, bio: kit.bio, cover_letter_template: kit.cover_letter_template });
  }, [kit]);
  const dirty = !!kit && (logo.file || logo.removed || values.brand_colour !== (kit.brand_colour ?? '') || (['tagline', 'bio', 'cover_letter_template'] as const).some((k) => values[k] !== kit[k]));

  const text = (key: TextKey) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': `brand-${key}-hint${errors[key] ? ` brand-${key}-error` : ''}`,
    id: `brand-${key}`,
    // Until the saved kit arrives: what the agent typed would be replaced by it.
    disabled: !kit,
  });
  const error = (key: string) =>
    errors[key] && (
      <p className="field__error" id={`brand-${key}-error`} role="alert">
        {errors[key]}
      </p>
    );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    if (logo.file) form.append('brokerage_logo', logo.file);
    else if (logo.removed) form.append('remove_brokerage_logo', '1');
    try {
      const body = await store(form).unwrap();
      setErrors({});
      logo.saved();
      notify('success', body.message ?? 'Brand kit saved.');
    } catch (failure) {
      const { message, fields } = readApiFailure(failure);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      notify('error', message);
    }
  }

  return (
    <form className="form profile-section" id="brand-kit" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="brand-kit-title">
      <h2 id="brand-kit-title">Brand kit</h2>
      <p className="field__hint">Every new report starts from these. Your logo, licence number and profile picture (the headshot on the cover) are set above.</p>
      <div className="form-grid">
        <div className="field">
          <label className="field__label" htmlFor="brand-colour">
            Brand colour
          </label>
          <div className="brand-colour-row">
            <input
              id="brand-colour"
              type="color"
              disabled={!kit}
              value={values.brand_colour || DEFAULT_PDF_COLOR}
              onChange={(e) => setValues((v) => ({ ...v, brand_colour: e.target.value }))}
              aria-describedby="brand-brand_colour-hint"
            />
            <span className="brand-colour-value">{values.brand_colour || `${DEFAULT_PDF_COLOR} (default)`}</span>
            {values.brand_colour && (
              <button type="button" className="button button--ghost" onClick={() => setValues((v) => ({ ...v, brand_colour: '' }))}>
                Use the default
              </button>
            )}
          </div>
          <p className="field__hint" id="brand-brand_colour-hint">
            Headings and bands of every report; a report can still pick its own on the review step.
          </p>
          {error('brand_colour')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="brand-tagline">
            Tagline <span className="field__optional">(optional)</span>
          </label>
          <input className="field__input" maxLength={BRAND_TAGLINE_MAX_LENGTH} placeholder="Helping Denver families move since 2012" {...text('tagline')} />
          <p className="field__hint" id="brand-tagline-hint">
            Under your name on the cover and the bio page.
          </p>
          {error('tagline')}
        </div>
      </div>
      <div className="field brand-kit__wide">
        <label className="field__label" htmlFor="brand-bio">
          Short bio <span className="field__optional">(optional)</span>
        </label>
        <textarea className="field__input" rows={5} maxLength={BRAND_BIO_MAX_LENGTH} {...text('bio')} />
        <p className="field__hint" id="brand-bio-hint">
          The &quot;About your agent&quot; page. {values.bio.length.toLocaleString('en-US')} of {BRAND_BIO_MAX_LENGTH.toLocaleString('en-US')} characters.
        </p>
        {error('bio')}
      </div>
      <div className="field brand-kit__wide">
        <label className="field__label" htmlFor="brand-cover_letter_template">
          Cover letter template
        </label>
        <textarea className="field__input" rows={12} maxLength={COVER_LETTER_MAX_LENGTH} placeholder={DEFAULT_COVER_LETTER} {...text('cover_letter_template')} />
        <p className="field__hint" id="brand-cover_letter_template-hint">
          {COVER_LETTER_PLACEHOLDERS.join(', ')} become the client&apos;s name, the home&apos;s address and your name in each report. Left empty, reports use the letter shown. Each report can
          change its own letter on the report step.
        </p>
        {!values.cover_letter_template && (
          <button type="button" className="button button--ghost" onClick={() => setValues((v) => ({ ...v, cover_letter_template: DEFAULT_COVER_LETTER }))}>
            Start from this letter
          </button>
        )}
        {error('cover_letter_template')}
      </div>
      <div className="field brand-kit__wide">
        <span className="field__label">Brokerage logo (co-branding)</span>
        <LogoPicker
          shown={logo.shown}
          name="brokerage logo"
          alt="Your brokerage's logo"
          empty="No brokerage logo"
          inputLabel="Upload a brokerage logo"
          onChoose={(event) => logo.choose(event, (problem) => setErrors((e) => ({ ...e, brokerage_logo: problem ?? '' })))}
          onRemove={logo.remove}
        />
        <p className="field__hint">Printed beside your own logo on the cover. PNG, JPEG or WebP, up to 5 MB.</p>
        {error('brokerage_logo')}
      </div>
      <div className="form-row-end">
        <span className="field__hint">{dirty ? 'You have unsaved changes.' : ''}</span>
        <SubmitButton busy={isLoading} busyText="Saving…" disabled={!kit}>
          Save brand kit
        </SubmitButton>
      </div>
    </form>
  );
}
