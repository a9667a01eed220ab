import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { claimBrowserData, saveSession } from '../../../shared/session/session';
import { browserDataReleased } from '../../../shared/session/sessionActions';
import { setLoginState, setProfileImage } from '../../../shared/session/loginSlice';
import { readApiFailure, useLoginMutation, useRegisterMutation, useVerifyDataMutation } from '../accountsApi';
import { formatPhone, registerForm, signInForm } from '../forms';
import { destinationAfterSignIn } from '../navigation';
import { useAccountForm } from '../useAccountForm';
import { AccountForm } from '../components/AccountForm';
import { AuthPage } from '../components/AuthPage';
import { refreshAccountDetails } from '../accountStore';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TextField } from '../components/TextField';
import '../accounts.css';
import { notify } from '../../../shared/toast';

/**
 * /login: sign-in or register, by the login state the header buttons set (spec §4).
 * /login?scan=true is the entry from a scanned QR code (docs/decisions/0301): always opens in sign-in mode,
 * says so, and puts the cursor in the e-mail field, ready for the phone's saved credentials.
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const loginState = useAppSelector((state) => state.login.loginstate);
  const [searchParams] = useSearchParams();
  const fromScan = searchParams.get('scan') === 'true';
  useEffect(() => {
    if (fromScan) dispatch(setLoginState('login'));
  }, [fromScan, dispatch]);
  const registering = loginState === 'register';
  const meta = registering
    ? { title: 'Create your account', description: 'Create your CMA Studio account and start a 14-day free trial: comparables, adjustments and a branded CMA report in minutes.' }
    : { title: 'Sign in', description: 'Sign in to CMA Studio to build and send your CMA reports.' };
  return <AuthPage meta={meta}>{registering ? <RegisterForm /> : <SignInForm fromScan={fromScan} />}</AuthPage>;
}

function SignInForm({ fromScan }: { fromScan: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const chosenPlan = useAppSelector((state) => state.subscriptionPlans.subscriptionPlan);
  const [login] = useLoginMutation();
  const { register, errors, isSubmitting, submit } = useAccountForm(signInForm, { mode: 'onChange', defaultValues: { email: '', password: '' }, focus: 'email' });

  const onSubmit = submit(['email', 'password'], async (values) => {
    const { data } = await login(values).unwrap();
    if (!data) throw new Error('empty response');
    if (claimBrowserData(data.user.id)) dispatch(browserDataReleased());
    saveSession(data.token, data.is_subscribed);
    dispatch(setProfileImage(data.user.profile_image ?? ''));
    if (data.is_subscribed === 1) void refreshAccountDetails(dispatch); // business branding for the reports
    notify('success', 'Logged in successfully.');
    navigate(destinationAfterSignIn(data.is_subscribed, chosenPlan), { replace: true });
  });

  return (
    <>
      <h1>Sign in</h1>
      <p className="lead">Sign in to build and send your CMA reports.</p>
      {fromScan && (
        <p className="notice" role="status">
          You opened CMA Studio from a QR code. Sign in to continue on this device.
        </p>
      )}
      <AccountForm label="Sign in" onSubmit={onSubmit} busy={isSubmitting} busyText="Signing in…" action="Sign in">
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="form-row-end">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </AccountForm>
      <AuthSwitch question="New to CMA Studio?" action="Create an account" to="register" />
    </>
  );
}

/** Under the sign-in form, the way to sign up, and back. */
function AuthSwitch({ question, action, to }: { question: string; action: string; to: 'login' | 'register' }) {
  const dispatch = useAppDispatch();
  return (
    <p className="auth-switch">
      {question}{' '}
      <button type="button" className="link-button" onClick={() => dispatch(setLoginState(to))}>
        {action}
      </button>
    </p>
  );
}

function RegisterForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const chosenPlan = useAppSelector((state) => state.subscriptionPlans.subscriptionPlan);
  const [verifyData] = useVerifyDataMutation();
  const [registerAccount] = useRegisterMutation();
  const { register, setError, setValue, getFieldState, getValues, errors, isSubmitting, submit } = useAccountForm(registerForm, {
    mode: 'onChange',
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    focus: 'name',
  });

  /** Tells the user early when the e-mail already has an account (verify-data). */
  async function checkEmailFree(): Promise<boolean> {
    const email = getValues('email').trim().toLowerCase();
    if (!email || getFieldState('email').invalid) return false;
    try {
      await verifyData({ email }).unwrap();
      return true;
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.fields.email?.[0]) setError('email', { type: 'server', message: failure.fields.email[0] });
      else if (failure.status !== 422) notify('error', failure.message);
      return false;
    }
  }

  const emailField = register('email');
  const phoneField = register('phone');

  const onSubmit = submit(['name', 'email', 'phone', 'password'], async (values) => {
    if (!(await checkEmailFree())) return;
    const { data } = await registerAccount({ name: values.name, email: values.email, password: values.password, ...(values.phone ? { phone: values.phone } : {}) }).unwrap();
    if (!data) throw new Error('empty response');
    if (claimBrowserData(null)) dispatch(browserDataReleased());
    saveSession(data.token, data.is_subscribed);
    notify('success', 'Your account is ready.');
    navigate(destinationAfterSignIn(data.is_subscribed, chosenPlan), { replace: true });
  });

  return (
    <>
      <h1>Create your account</h1>
      <p className="lead">Register, then confirm your card to start the 14-day free trial.</p>
      <AccountForm label="Create your account" onSubmit={onSubmit} busy={isSubmitting} busyText="Creating your account…" action="Create account">
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...emailField}
          onBlur={async (event) => {
            await emailField.onBlur(event);
            void checkEmailFree();
          }}
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          optional
          error={errors.phone?.message}
          {...phoneField}
          onChange={async (event) => {
            setValue('phone', formatPhone(event.target.value), { shouldValidate: true });
          }}
        />
        <NewPasswordFields label="Password" confirmLabel="Confirm password" register={register} errors={errors} revalidateConfirmation />
      </AccountForm>
      <AuthSwitch question="Already have an account?" action="Sign in" to="login" />
    </>
  );
}
