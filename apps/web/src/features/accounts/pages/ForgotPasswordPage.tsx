import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useAppDispatch } from '../../../app/hooks';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import { focusInField } from '../../../shared/ui/focusInField';
import { setLoginState } from '../../../shared/session/loginSlice';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../accountsApi';
import { forgotForm, newPasswordForm, type ForgotValues, type NewPasswordValues } from '../forms';
import { showFormFailure } from '../navigation';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TextField } from '../components/TextField';
import '../accounts.css';
import { notify } from '../../../shared/toast';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

// Spec §2: /forgot-password and /reset-password/{token} are the same screen; the token decides the step.
export default function ForgotPasswordPage() {
  const { token } = useParams();
  usePageMeta(
    token
      ? { title: 'Choose a new password', description: 'Choose a new password for your CMA Studio account.' }
      : { title: 'Reset your password', description: 'Forgot your CMA Studio password? Enter your e-mail and we send you a link to choose a new one.' },
  );
  return (
    <section className="auth-page">
      <div className="auth-card">{token ? <NewPasswordStep token={token} /> : <RequestLinkStep />}</div>
    </section>
  );
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
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues, unknown, z.output<typeof forgotForm>>({ resolver: zodResolver(forgotForm), mode: 'onChange', defaultValues: { email: '' } });
  useEffect(() => {
    if (!focusInField()) setFocus('email');
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = await forgotPassword(values).unwrap();
      setSentTo(values.email);
      notify('success', body.message ?? 'Check your inbox.');
    } catch (error) {
      showFormFailure(error, ['email'] as const, setError);
    }
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
      <form className="form" noValidate onSubmit={onSubmit} aria-label="Request a password reset link">
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <SubmitButton busy={isSubmitting} busyText="Sending…">
          {sentTo ? 'Send the link again' : 'Send reset link'}
        </SubmitButton>
      </form>
      <BackToSignIn />
    </>
  );
}

function NewPasswordStep({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues, unknown, z.output<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', password_confirmation: '' },
  });
  useEffect(() => {
    if (!focusInField()) setFocus('password');
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = await resetPassword({ token, password: values.password }).unwrap();
      notify('success', body.message ?? 'Your password has been reset. Please sign in.');
      dispatch(setLoginState('login'));
      navigate('/login', { replace: true });
    } catch (error) {
      const failure = showFormFailure(error, ['password'] as const, setError);
      if (failure.fields.token?.[0]) setLinkProblem(failure.fields.token[0]);
    }
  });

  return (
    <>
      <h1>Choose a new password</h1>
      <p className="lead">Enter a new password for your account. You will be signed out on every device.</p>
      {linkProblem && (
        <p className="notice notice--error" role="alert">
          {linkProblem} <Link to="/forgot-password">Request a new link</Link>
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          password={register('password', { deps: ['password_confirmation'] })}
          confirmation={register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <SubmitButton busy={isSubmitting} busyText="Saving…">
          Set new password
        </SubmitButton>
      </form>
      <BackToSignIn />
    </>
  );
}
