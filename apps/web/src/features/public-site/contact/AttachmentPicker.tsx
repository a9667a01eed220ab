import { useEffect, useMemo, useRef } from 'react';
import { CONTACT_MAX_ATTACHMENTS } from '@cma/contracts';

interface AttachmentPickerProps {
  files: File[];
  warnings: string[];
  onChoose: (chosen: File[]) => void;
  onRemove: (index: number) => void;
}

/** The image input and its previews; each preview can be removed (spec §5). */
export function AttachmentPicker({ files, warnings, onChoose, onRemove }: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  // Object URLs hold the image in memory until revoked.
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);

  return (
    <div className="ps-field">
      <label className="ps-field__label" htmlFor="contact-attachments">
        Images <span className="ps-field__optional">(optional: png, jpg or jpeg, up to {CONTACT_MAX_ATTACHMENTS})</span>
      </label>
      <input
        ref={inputRef}
        id="contact-attachments"
        name="email_attachment"
        className="ps-file"
        type="file"
        multiple
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        aria-describedby={warnings.length ? 'contact-attachments-warning' : undefined}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (chosen.length) onChoose(chosen);
        }}
      />
      {warnings.length > 0 && (
        <p className="ps-field__error" id="contact-attachments-warning" role="alert">
          {warnings.join(' ')}
        </p>
      )}
      {previews.length > 0 && (
        <ul className="ps-previews" aria-label="Attached images">
          {previews.map((preview, index) => (
            <li key={preview.url} className="ps-previews__item">
              <img src={preview.url} alt={preview.file.name} width={96} height={72} />
              <button
                type="button"
                className="ps-previews__remove"
                aria-label={`Remove ${preview.file.name}`}
                onClick={() => {
                  onRemove(index);
                  inputRef.current?.focus();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="ps-field__hint">
        {files.length} of {CONTACT_MAX_ATTACHMENTS} images attached
      </p>
    </div>
  );
}
