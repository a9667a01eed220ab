import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useChangeEmailMutation, useChangePasswordMutation } from '../accountsApi';
import { changeEmailForm, changePasswordForm, type ChangeEmailValues, type ChangePasswordValues } from '../forms';
import { showFormFailure } from '../navigation';
import { notify } from '../../../shared/toast';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

/** /edit-profile: change the e-mail the agent signs in with and the password; both ask for the current password. */
export function SignInSettings({ email }: { email: string }) {
  return (
    <section className="profile-section" aria-labelledby="sign-in-title" id="sign-in">
      <h2 id="sign-in-title">Sign-in e-mail and password</h2>
      <div className="sign-in-settings">
        <ChangeEmailForm email={email} />
        <ChangePasswordForm />
      </div>
    </section>
  );
}

function ChangeEmailForm({ email }: { email: string }) {
  const [changeEmail] = useChangeEmailMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues, unknown, z.output<typeof changeEmailForm>>({ resolver: zodResolver(changeEmailForm), defaultValues: { email: '', current_password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = await changeEmail(values).unwrap();
      reset();
      notify('success', body.message ?? 'Your sign-in e-mail has been changed.');
    } catch (error) {
      showFormFailure(error, ['email', 'current_password'] as const, setError);
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Change sign-in e-mail">
      <h3>Sign-in e-mail</h3>
      <p className="field__hint">
        You sign in with <strong data-testid="sign-in-email">{email}</strong>. We tell this address when it changes.
      </p>
      <TextField label="New sign-in e-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      <div className="form-row-end">
        <SubmitButton busy={isSubmitting} busyText="Changing…" className="button button--secondary">
          Change e-mail
        </SubmitButton>
      </div>
    </form>
  );
}

function ChangePasswordForm() {
  const [changePassword] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, password }) => {
    try {
      const body = await changePassword({ current_password, password }).unwrap();
      reset();
      notify('success', body.message ?? 'Your password has been changed.');
    } catch (error) {
      showFormFailure(error, ['current_password', 'password'] as const, setError);
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Change password">
      <h3>Password</h3>
      <p className="field__hint">Changing it signs you out on your other devices.</p>
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      <NewPasswordFields
        label="New password"
        confirmLabel="Repeat the new password"
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
      <div className="form-row-end">
        <SubmitButton busy={isSubmitting} busyText="Changing…" className="button button--secondary">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
