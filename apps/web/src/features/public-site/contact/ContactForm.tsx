import { useState, type FormEvent } from 'react';
import { CONTACT_FAILURE_TOAST, CONTACT_SUCCESS_MESSAGE, CONTACT_TOO_MANY_IMAGES } from '@cma/contracts';
import { FormField } from '../components/FormField';
import { errorMessageOf, fieldErrorsOf, useContactUsMutation } from '../publicSiteApi';
import { AttachmentPicker } from './AttachmentPicker';
import { EMPTY_CONTACT_FORM, addAttachments, buildContactFormData, formatMobileInput, validateContactField, type ContactErrors, type ContactField } from './contactForm';
import { useCheckedForm } from '../forms/useCheckedForm';
import { notify } from '../../../shared/toast';

/** The Contact Us form with every rule of spec §5: checked as the user types and all at once on Submit. */
export function ContactForm() {
  const { values, errors, setErrors, change, checkAll, clear } = useCheckedForm<ContactField>(EMPTY_CONTACT_FORM, validateContactField, { mobile_number: formatMobileInput });
  const [files, setFiles] = useState<File[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [sendContact, { isLoading }] = useContactUsMutation();

  const choose = (chosen: File[]) => {
    const result = addAttachments(files, chosen);
    setFiles(result.files);
    setWarnings(result.warnings);
    if (result.warnings.includes(CONTACT_TOO_MANY_IMAGES)) notify('warning', CONTACT_TOO_MANY_IMAGES);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkAll()) return;
    try {
      const response = await sendContact(buildContactFormData(values, files)).unwrap();
      notify('success', response.message || CONTACT_SUCCESS_MESSAGE);
      clear();
      setFiles([]);
      setWarnings([]);
    } catch (error) {
      const serverErrors = fieldErrorsOf(error);
      const { email_attachment: attachmentError, ...fieldErrors } = serverErrors;
      setErrors(fieldErrors as ContactErrors);
      if (attachmentError) setWarnings([attachmentError]);
      notify('error', `${CONTACT_FAILURE_TOAST}${errorMessageOf(error)}`);
    }
  };

  const textInput = (field: ContactField, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          {...props}
          name={field}
          className="ps-input"
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form className="ps-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <div className="ps-form__row">
        {textInput('name', 'Name', { autoComplete: 'name' })}
        {textInput('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      </div>
      <div className="ps-form__row">
        {textInput('mobile_number', 'Mobile Number', { type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric', placeholder: '303-555-0142' })}
        {textInput('subject', 'Subject')}
      </div>
      <FormField label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            className="ps-input ps-input--area"
            rows={5}
            value={values.description}
            onChange={(event) => change('description', event.target.value)}
          />
        )}
      </FormField>
      <AttachmentPicker
        files={files}
        warnings={warnings}
        onChoose={choose}
        onRemove={(index) => {
          setFiles((current) => current.filter((_, i) => i !== index));
          setWarnings([]);
        }}
      />
      <button type="submit" className="button button--primary button--large" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Submit'}
      </button>
    </form>
  );
}
