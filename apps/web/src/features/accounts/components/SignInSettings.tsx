import { useChangeEmailMutation, useChangePasswordMutation } from '../accountsApi';
import { changeEmailForm, changePasswordForm } from '../forms';
import { useAccountForm } from '../useAccountForm';
import { notify } from '../../../shared/toast';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';
import { AccountForm } from './AccountForm';

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
  const { register, reset, errors, isSubmitting, submit } = useAccountForm(changeEmailForm, { defaultValues: { email: '', current_password: '' } });

  const onSubmit = submit(['email', 'current_password'], async (values) => {
    const body = await changeEmail(values).unwrap();
    reset();
    notify('success', body.message ?? 'Your sign-in e-mail has been changed.');
  });

  return (
    <AccountForm label="Change sign-in e-mail" onSubmit={onSubmit} busy={isSubmitting} busyText="Changing…" action="Change e-mail" secondary>
      <h3>Sign-in e-mail</h3>
      <p className="field__hint">
        You sign in with <strong data-testid="sign-in-email">{email}</strong>. We tell this address when it changes.
      </p>
      <TextField label="New sign-in e-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
    </AccountForm>
  );
}

function ChangePasswordForm() {
  const [changePassword] = useChangePasswordMutation();
  const { register, reset, errors, isSubmitting, submit } = useAccountForm(changePasswordForm, { defaultValues: { current_password: '', password: '', password_confirmation: '' } });

  const onSubmit = submit(['current_password', 'password'], async ({ current_password, password }) => {
    const body = await changePassword({ current_password, password }).unwrap();
    reset();
    notify('success', body.message ?? 'Your password has been changed.');
  });

  return (
    <AccountForm label="Change password" onSubmit={onSubmit} busy={isSubmitting} busyText="Changing…" action="Change password" secondary>
      <h3>Password</h3>
      <p className="field__hint">Changing it signs you out on your other devices.</p>
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
      <NewPasswordFields label="New password" confirmLabel="Repeat the new password" register={register} errors={errors} />
    </AccountForm>
  );
}
