import { LabelledField, type LabelledFieldProps } from '../../../shared/ui/LabelledField';

/** A labelled control of the public site's forms, its error announced and tied to it. */
export function FormField(props: LabelledFieldProps) {
  return <LabelledField styles="ps-field" {...props} />;
}
