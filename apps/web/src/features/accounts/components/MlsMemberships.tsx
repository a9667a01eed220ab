import { useState, type FormEvent } from 'react';
import { notify } from '../../../shared/toast';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { LabelledField } from '../../../shared/ui/LabelledField';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { readApiFailure, useAddMlsMembershipMutation, useMlsMembershipsQuery, useRemoveMlsMembershipMutation } from '../accountsApi';
import { TextField } from './TextField';

/**
 * /edit-profile: the MLSs the agent is a member of. Only an MLS's members see its listings and photos in a listing
 * search; the agent joins with the member ID the MLS knows them by (its member list confirms it).
 */
export function MlsMemberships() {
  const { data, isLoading, isError, refetch } = useMlsMembershipsQuery();
  const [addMembership, adding] = useAddMlsMembershipMutation();
  const [removeMembership, removing] = useRemoveMlsMembershipMutation();
  const [mls, setMls] = useState('');
  const [memberId, setMemberId] = useState('');
  const [errors, setErrors] = useState<{ mls?: string; member_id?: string; form?: string }>({});
  const [leaving, setLeaving] = useState<string | null>(null);

  const memberships = data?.memberships ?? [];
  const joined = new Set(memberships.map((m) => m.mls));
  const open = (data?.sources ?? []).filter((s) => !joined.has(s.mls));
  const chosen = open.find((s) => s.mls === mls) ?? (open.length === 1 ? open[0] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!chosen) next.mls = 'Choose your MLS.';
    if (!memberId.trim()) next.member_id = 'Enter your MLS member ID.';
    setErrors(next);
    if (next.mls || next.member_id) return;
    try {
      const body = await addMembership({ mls: chosen!.mls, member_id: memberId.trim() }).unwrap();
      setMemberId('');
      setMls('');
      notify('success', `You are now a member of ${body.data?.title ?? chosen!.title} here: its listings show in your searches.`);
    } catch (error) {
      const failure = readApiFailure(error);
      setErrors({ mls: failure.fields.mls?.[0], member_id: failure.fields.member_id?.[0], form: failure.fields.mls || failure.fields.member_id ? undefined : failure.message });
    }
  }

  async function leave(name: string) {
    setLeaving(null);
    try {
      await removeMembership(name).unwrap();
      notify('success', 'Membership removed: that MLS’s listings no longer show in your searches.');
    } catch (error) {
      notify('error', readApiFailure(error).message);
    }
  }

  return (
    <section className="profile-section" aria-labelledby="mls-title" id="mls">
      <h2 id="mls-title">Your MLS</h2>
      <p className="field__hint">Listings and photos of an MLS show in your searches only once you are its member here. Use the member ID your MLS gave you.</p>
      {isLoading && <p className="field__hint">Loading your memberships…</p>}
      {isError && (
        <p className="notice notice--error" role="alert">
          Your memberships could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>Try again</button>
        </p>
      )}
      {memberships.length > 0 && (
        <ul className="mls-memberships" aria-label="Your MLS memberships">
          {memberships.map((m) => (
            <li key={m.mls} className="mls-membership">
              <span>
                <strong>{m.title}</strong>
                <span className="mls-membership__details">
                  Member ID {m.member_id}
                  {m.member_name ? ` · ${m.member_name}` : ''} · {m.verified_by === 'member-resource' ? 'confirmed by the MLS' : 'approved by CMA Studio'}
                </span>
              </span>
              <button type="button" className="button button--secondary" disabled={removing.isLoading} onClick={() => setLeaving(m.mls)} aria-label={`Remove membership of ${m.title}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && open.length === 0 && memberships.length === 0 && <p className="notice">No MLS is connected yet: start your CMAs from a CSV export of your MLS.</p>}
      {open.length > 0 && (
        <form className="mls-join" onSubmit={(e) => void submit(e)} noValidate aria-label="Add an MLS membership">
          <LabelledField styles="field" label="MLS" error={errors.mls}>
            {(control) => (
              <select className="field__input" {...control} value={chosen?.mls ?? ''} onChange={(e) => setMls(e.target.value)}>
                {open.length > 1 && <option value="">Choose your MLS</option>}
                {open.map((s) => (
                  <option key={s.mls} value={s.mls}>{s.title}</option>
                ))}
              </select>
            )}
          </LabelledField>
          <TextField
            label="Member ID"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
            autoComplete="off"
            error={errors.member_id}
            hint={chosen?.verified_by === 'operator' ? 'This MLS confirms its members through us: ask us to approve your ID first.' : 'Your MLS ID (MemberMlsId), as on your MLS profile.'}
          />
          <SubmitButton busy={adding.isLoading} busyText="Checking with the MLS…" className="button button--primary">Add membership</SubmitButton>
          {errors.form && <p className="field__error mls-join__error" role="alert">{errors.form}</p>}
        </form>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title="Remove this MLS membership?"
        message="Its listings and photos no longer show in your searches, and listings of it saved with your reports are left out when you reopen them. Your reports themselves are kept."
        confirmLabel="Remove membership"
        cancelLabel="Keep it"
        onConfirm={() => void leave(leaving!)}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}
