import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../../shared/api/api';
import { navigateTo } from '../../../shared/navigation';
import { clearAllStorage, getToken } from '../../../shared/session/session';
import { sessionEnded } from '../../../shared/session/sessionActions';
import { notify, SOMETHING_WENT_WRONG } from '../../../shared/toast';
import { useDeleteAccountMutation } from '../accountsApi';
import { deleteAccountForm } from '../forms';
import { useAccountForm } from '../useAccountForm';
import { AccountForm } from './AccountForm';
import { TextField } from './TextField';

/** /edit-profile: download everything the agent made, or delete the account after confirming the password (issue 30). */
export function YourData() {
  return (
    <section className="profile-section" aria-labelledby="your-data-title" id="your-data">
      <h2 id="your-data-title">Your data</h2>
      <div className="sign-in-settings">
        <ExportData />
        <DeleteAccountForm />
      </div>
    </section>
  );
}

function ExportData() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await fetch('/api/account-export', { headers: { authorization: `Bearer ${getToken()}` } });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cma-studio-export.zip';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      notify('error', SOMETHING_WENT_WRONG);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="form">
      <h3>Download your data</h3>
      <p className="field__hint">One zip file with every saved report (its data and its PDF), your brand kit and your uploaded pages.</p>
      <button type="button" className="button button--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing…' : 'Download everything'}
      </button>
    </div>
  );
}

function DeleteAccountForm() {
  const dispatch = useDispatch();
  const [deleteAccount] = useDeleteAccountMutation();
  const { register, errors, isSubmitting, submit } = useAccountForm(deleteAccountForm, { defaultValues: { password: '' } });

  const onSubmit = submit(['password'], async (values) => {
    const body = await deleteAccount(values).unwrap();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
    clearAllStorage();
    notify('success', body.message ?? 'Your account has been deleted.');
    navigateTo('/login');
  });

  return (
    <AccountForm label="Delete account" onSubmit={onSubmit} busy={isSubmitting} busyText="Deleting…" action="Delete my account for good" secondary>
      <h3>Delete your account</h3>
      <p className="field__hint">
        Your subscription is cancelled and your reports, listings, photos, brand kit, uploaded pages and live links are deleted at once; this cannot be
        undone. Download your data first if you want to keep it.
      </p>
      <TextField label="Your password, to confirm" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
    </AccountForm>
  );
}
