import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { setLoginState } from '../../../shared/session/loginSlice';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../accountsApi';
import { forgotForm, newPasswordForm } from '../forms';
import { useAccountForm } from '../useAccountForm';
import { AccountForm } from '../components/AccountForm';
import { AuthPage } from '../components/AuthPage';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TextField } from '../components/TextField';
import '../accounts.css';
import { notify } from '../../../shared/toast';

// Spec §2: /forgot-password and /reset-password/{token} are the same screen; the token decides the step.
export default function ForgotPasswordPage() {
  const { token } = useParams();
  const meta = token
    ? { title: 'Choose a new password', description: 'Choose a new password for your CMA Studio account.' }
    : { title: 'Reset your password', description: 'Forgot your CMA Studio password? Enter your e-mail and we send you a link to choose a new one.' };
  return <AuthPage meta={meta}>{token ? <NewPasswordStep token={token} /> : <RequestLinkStep />}</AuthPage>;
}

function BackToSignIn() {
  const dispatch = useAppDispatch();
  return (
    <p className="auth-switch">
      <Link to="/login" onClick={() => dispatch(setLoginState('login'))}>
        Back to sign in
      </Link>
    </p>
  );
}

function RequestLinkStep() {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, errors, isSubmitting, submit } = useAccountForm(forgotForm, { mode: 'onChange', defaultValues: { email: '' }, focus: 'email' });

  const onSubmit = submit(['email'], async (values) => {
    const body = await forgotPassword(values).unwrap();
    setSentTo(values.email);
    notify('success', body.message ?? 'Check your inbox.');
  });

  return (
    <>
      <h1>Reset your password</h1>
      <p className="lead">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      {sentTo && (
        <p className="notice notice--success" role="status">
          If an account exists for {sentTo}, a reset link is on its way. It works once, for one hour.
        </p>
      )}
      <AccountForm label="Request a password reset link" onSubmit={onSubmit} busy={isSubmitting} busyText="Sending…" action={sentTo ? 'Send the link again' : 'Send reset link'}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      </AccountForm>
      <BackToSignIn />
    </>
  );
}

function NewPasswordStep({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const { register, errors, isSubmitting, submit } = useAccountForm(newPasswordForm, { mode: 'onChange', defaultValues: { password: '', password_confirmation: '' }, focus: 'password' });

  const onSubmit = submit(
    ['password'],
    async (values) => {
      const body = await resetPassword({ token, password: values.password }).unwrap();
      notify('success', body.message ?? 'Your password has been reset. Please sign in.');
      dispatch(setLoginState('login'));
      navigate('/login', { replace: true });
    },
    (failure) => {
      if (failure.fields.token?.[0]) setLinkProblem(failure.fields.token[0]);
    },
  );

  return (
    <>
      <h1>Choose a new password</h1>
      <p className="lead">Enter a new password for your account. You will be signed out on every device.</p>
      {linkProblem && (
        <p className="notice notice--error" role="alert">
          {linkProblem} <Link to="/forgot-password">Request a new link</Link>
        </p>
      )}
      <AccountForm label="Choose a new password" onSubmit={onSubmit} busy={isSubmitting} busyText="Saving…" action="Set new password">
        <NewPasswordFields label="New password" confirmLabel="Confirm new password" register={register} errors={errors} revalidateConfirmation />
      </AccountForm>
      <BackToSignIn />
    </>
  );
}
