import { forwardRef, type InputHTMLAttributes } from 'react';
import { LabelledField } from '../../../shared/ui/LabelledField';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, optional, id, ...input }, ref) {
  return (
    <LabelledField styles="field" label={label} error={error} hint={hint} optional={optional} id={id}>
      {(control) => <input ref={ref} className="field__input" {...control} {...input} />}
    </LabelledField>
  );
});
