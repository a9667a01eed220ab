import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import type { UserDetails } from '@cma/contracts';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import { useAppDispatch } from '../../../app/hooks';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { setProfileImage } from '../../../shared/session/loginSlice';
import { storeAccountDetails } from '../accountStore';
import { readApiFailure, useStoreBusinessDetailMutation, useUploadProfilePicMutation, useUserDetailsQuery } from '../accountsApi';
import { formatPhone, pickedImageFile, profileForm, type ProfileValues } from '../forms';
import { useAccountForm } from '../useAccountForm';
import { TextField } from '../components/TextField';
import { SubscriptionSummary } from '../components/SubscriptionSummary';
import { SignInSettings } from '../components/SignInSettings';
import { YourData } from '../components/YourData';
import { BrandKitForm } from '../components/BrandKitForm';
import { MlsMemberships } from '../components/MlsMemberships';
import { LogoPicker, useLogoChoice } from '../components/LogoPicker';
import '../accounts.css';
import { notify } from '../../../shared/toast';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

const PROFILE_FIELDS = ['name', 'user_phone', 'business_name', 'agent_name', 'license_number', 'phone', 'email', 'website', 'address'] as const;

function formValues(details: UserDetails): ProfileValues {
  const business = details.business;
  return {
    name: details.user.name,
    user_phone: details.user.phone ?? '',
    business_name: business?.business_name ?? '',
    agent_name: business?.agent_name ?? details.user.name,
    license_number: business?.license_number ?? '',
    phone: business?.phone ?? '',
    email: business?.email ?? '',
    website: business?.website ?? '',
    address: business?.address ?? '',
  };
}

export interface EditProfileProps {
  /** The billing feature's subscription section, composed in app/; a read-only summary otherwise. */
  subscriptionSection?: (details: UserDetails) => ReactNode;
}

/** /edit-profile: profile picture, personal and business details (report branding), logo, subscription. */
export function EditProfile({ subscriptionSection }: EditProfileProps) {
  useDocumentTitle('Edit profile');
  const dispatch = useAppDispatch();
  const { data: details, isLoading, isError, refetch } = useUserDetailsQuery();

  // Keep the login store (header picture) and the report's branding images in step with the server.
  useEffect(() => {
    if (details) storeAccountDetails(dispatch, details);
  }, [details, dispatch]);

  if (isLoading) return <PageLoader label="Loading your profile…" />;
  if (isError || !details) {
    return (
      <section className="profile-page">
        <h1>Edit profile</h1>
        <p className="notice notice--error" role="alert">
          Your profile could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="profile-page" aria-labelledby="page-title">
      <h1 id="page-title">Edit profile</h1>
      <ProfilePictureSection details={details} />
      <DetailsForm details={details} />
      <BrandKitForm />
      <MlsMemberships />
      <SignInSettings email={details.user.email} />
      <section className="profile-section" aria-labelledby="subscription-title" data-slot="billing-subscription" id="subscription">
        <h2 id="subscription-title">Subscription</h2>
        {subscriptionSection ? subscriptionSection(details) : <SubscriptionSummary subscription={details.subscription} />}
      </section>
      <YourData />
    </section>
  );
}

export default function EditProfilePage() {
  return <EditProfile />;
}

function ProfilePictureSection({ details }: { details: UserDetails }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadProfilePicMutation();
  const [problem, setProblem] = useState<string>();

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = pickedImageFile(event, setProblem);
    if (!file) return;
    try {
      const body = await upload(file).unwrap();
      if (body.data) dispatch(setProfileImage(body.data.profile_image));
      notify('success', body.message ?? 'Profile picture updated.');
    } catch (error) {
      const failure = readApiFailure(error);
      setProblem(failure.message);
      notify('error', failure.message);
    }
  }

  return (
    <section className="profile-section" aria-labelledby="picture-title">
      <h2 id="picture-title">Profile picture</h2>
      <div className="picture-row">
        <img className="profile-picture" src={details.user.profile_image || defaultAvatarUrl} alt="Your profile picture" width={112} height={112} />
        <div className="field">
          <label className="button button--secondary file-button">
            {isLoading ? 'Uploading…' : 'Change picture'}
            <input type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void onChoose(event)} disabled={isLoading} aria-label="Upload a profile picture" />
          </label>
          <p className="field__hint">Your headshot on the cover of your reports. PNG, JPEG or WebP, up to 5 MB. Photo details such as location are removed.</p>
          {problem && (
            <p className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function DetailsForm({ details }: { details: UserDetails }) {
  const dispatch = useAppDispatch();
  const [store] = useStoreBusinessDetailMutation();
  const logo = useLogoChoice(details.business?.logo ?? null);
  const [logoProblem, setLogoProblem] = useState<string>();

  const { register, setValue, reset, errors, isSubmitting, formState, submit } = useAccountForm(profileForm, { mode: 'onChange', defaultValues: formValues(details) });
  useEffect(() => reset(formValues(details)), [details, reset]);

  const phoneInput = (name: 'user_phone' | 'phone') => ({
    ...register(name),
    onChange: async (event: ChangeEvent<HTMLInputElement>) => setValue(name, formatPhone(event.target.value), { shouldValidate: true, shouldDirty: true }),
  });

  const onSubmit = submit(
    PROFILE_FIELDS,
    async (values) => {
      const form = new FormData();
      for (const name of PROFILE_FIELDS) form.append(name, values[name] ?? '');
      if (logo.file) form.append('logo', logo.file);
      else if (logo.removed) form.append('remove_logo', '1');
      const body = await store(form).unwrap();
      if (body.data) storeAccountDetails(dispatch, { ...body.data, subscription: details.subscription });
      logo.saved();
      notify('success', body.message ?? 'Business details saved.');
    },
    (failure) => {
      if (failure.fields.logo?.[0]) setLogoProblem(failure.fields.logo[0]);
    },
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Profile and business details">
      <section className="profile-section" aria-labelledby="personal-title">
        <h2 id="personal-title">Personal details</h2>
        <div className="form-grid">
          <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField label="Mobile number" type="tel" autoComplete="tel" optional error={errors.user_phone?.message} {...phoneInput('user_phone')} />
        </div>
      </section>
      <section className="profile-section" aria-labelledby="business-title">
        <h2 id="business-title">Business details</h2>
        <p className="field__hint">Shown on the cover and footer of your CMA reports.</p>
        <div className="form-grid">
          <TextField label="Business name" autoComplete="organization" error={errors.business_name?.message} {...register('business_name')} />
          <TextField label="Agent name" error={errors.agent_name?.message} {...register('agent_name')} />
          <TextField label="Licence number" error={errors.license_number?.message} {...register('license_number')} />
          <TextField label="Business phone" type="tel" error={errors.phone?.message} {...phoneInput('phone')} />
          <TextField label="Business email" type="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <TextField label="Website" type="url" inputMode="url" placeholder="www.example.com" error={errors.website?.message} {...register('website')} />
        </div>
        <div style={{ marginTop: 'var(--space-4)' }}>
          <TextField label="Business address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
        </div>
        <div className="field" style={{ marginTop: 'var(--space-4)' }}>
          <span className="field__label">Logo</span>
          <LogoPicker
            shown={logo.shown}
            name="logo"
            alt="Your business logo"
            empty="No logo yet"
            inputLabel="Upload a business logo"
            onChoose={(event) => logo.choose(event, setLogoProblem)}
            onRemove={logo.remove}
          />
          <p className="field__hint">PNG, JPEG or WebP, up to 5 MB. A transparent PNG looks best on the report.</p>
          {logoProblem && (
            <p className="field__error" role="alert">
              {logoProblem}
            </p>
          )}
        </div>
      </section>
      <div className="form-row-end">
        <span className="field__hint">{formState.isDirty || logo.file || logo.removed ? 'You have unsaved changes.' : ''}</span>
        <SubmitButton busy={isSubmitting} busyText="Saving…">
          Save details
        </SubmitButton>
      </div>
    </form>
  );
}
