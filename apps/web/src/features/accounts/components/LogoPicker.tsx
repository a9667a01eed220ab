// A logo being chosen on /edit-profile (the business logo and the brand kit's brokerage logo): a new file, previewed
// at once and sent with the form, the one on file, or none once removed.
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { pickedImageFile } from '../forms';

export function useLogoChoice(onFile: string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return {
    file,
    removed,
    shown: preview ?? (removed ? null : onFile),
    /** Takes the picked file unless it is no usable image; `report` hears the problem, or undefined when it is taken. */
    choose(event: ChangeEvent<HTMLInputElement>, report: (problem: string | undefined) => void) {
      const picked = pickedImageFile(event, report);
      if (!picked) return;
      setFile(picked);
      setRemoved(false);
    },
    remove() {
      setFile(null);
      setRemoved(true);
    },
    /** After a save: what is on file now is the server's. */
    saved() {
      setFile(null);
      setRemoved(false);
    },
  };
}

export interface LogoPickerProps {
  shown: string | null;
  /** 'logo' or 'brokerage logo': the buttons say 'Upload logo', 'Replace brokerage logo' … */
  name: string;
  alt: string;
  empty: string;
  inputLabel: string;
  onChoose(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(): void;
}

export function LogoPicker({ shown, name, alt, empty, inputLabel, onChoose, onRemove }: LogoPickerProps) {
  return (
    <div className="picture-row">
      {shown ? <img className="logo-preview" src={shown} alt={alt} /> : <div className="logo-empty">{empty}</div>}
      <div className="button-row">
        <label className="button button--secondary file-button">
          {shown ? `Replace ${name}` : `Upload ${name}`}
          <input type="file" accept="image/png,image/jpeg,image/webp" onChange={onChoose} aria-label={inputLabel} />
        </label>
        {shown && (
          <button type="button" className="button button--ghost" onClick={onRemove}>
            Remove {name}
          </button>
        )}
      </div>
    </div>
  );
}
