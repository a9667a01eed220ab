import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { focusInField } from '../../shared/ui/focusInField';
import type { ApiFailure } from './accountsApi';
import { showFormFailure } from './navigation';

interface AccountFormOptions<Input extends FieldValues> {
  defaultValues: DefaultValues<Input>;
  /** 'onChange' checks each field as it is typed; 'onSubmit' (react-hook-form's default) first on submit. */
  mode?: 'onChange' | 'onSubmit';
  /** The field the cursor starts in, unless the visitor is already in one (a server-rendered page going live). */
  focus?: Path<Input>;
}

/**
 * A form of the accounts screens: react-hook-form checked by its zod schema (forms.ts). `submit(serverFields, send)`
 * makes the submit handler: `send` gets the checked values; when it throws, each 422 message goes under its field,
 * the message into a toast, and `onFailure` hears the failure for the rest.
 */
export function useAccountForm<Input extends FieldValues, Output extends FieldValues>(schema: z.ZodType<Output, Input>, { defaultValues, mode = 'onSubmit', focus }: AccountFormOptions<Input>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode, defaultValues });
  const { handleSubmit, setError, setFocus, formState } = form;
  useEffect(() => {
    if (focus && !focusInField()) setFocus(focus);
  }, [focus, setFocus]);

  const submit = (serverFields: readonly Path<Input>[], send: (values: Output) => Promise<void>, onFailure?: (failure: ApiFailure) => void) =>
    handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        const failure = showFormFailure(error, serverFields, setError);
        onFailure?.(failure);
      }
    });

  return { ...form, errors: formState.errors, isSubmitting: formState.isSubmitting, submit };
}
