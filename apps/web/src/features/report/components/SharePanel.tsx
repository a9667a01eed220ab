import { useState } from 'react';
import { REPORT_LINK_DEFAULT_DAYS } from '@cma/contracts';
import { notify } from '../../../shared/toast';
import { apiMessage } from '../apiMessage';
import { useCreateReportLinkMutation, useListReportLinksQuery, useRevokeReportLinkMutation, useUpdateReportLinkMutation } from '../api/reportApi';

const EXPIRY_CHOICES = [7, 30, REPORT_LINK_DEFAULT_DAYS, 365];

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });


async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notify('success', 'Link copied.');
  } catch {
    notify('info', 'Select the link and copy it.');
  }
}

/**
 * Share as a live web page: saves the report (sharing saves to history), creates a link /r/<token>, and lists the
 * report's links with their expiry, views, copy and revoke.
 */
export function SharePanel({ historyId, saveReport, disabled }: { historyId: number | null; saveReport: () => Promise<number | null>; disabled: boolean }) {
  const [days, setDays] = useState(REPORT_LINK_DEFAULT_DAYS);
  const [createLink, creating] = useCreateReportLinkMutation();
  const [revokeLink] = useRevokeReportLinkMutation();
  const [updateLink] = useUpdateReportLinkMutation();
  const links = useListReportLinksQuery(historyId ?? 0, { skip: historyId == null });

  async function onCreate() {
    const id = await saveReport();
    if (id == null) return;
    try {
      const link = await createLink({ history_id: id, expires_in_days: days }).unwrap();
      await copy(link.url);
    } catch (error) {
      notify('error', apiMessage(error));
    }
  }

  async function onRevoke(token: string) {
    if (historyId == null) return;
    try {
      await revokeLink({ token, historyId }).unwrap();
      notify('success', 'The link no longer opens the report.');
    } catch (error) {
      notify('error', apiMessage(error));
    }
  }

  async function onExpiry(token: string, value: number) {
    if (historyId == null) return;
    try {
      await updateLink({ token, historyId, expires_in_days: value }).unwrap();
      notify('success', `The link now expires in ${value} days.`);
    } catch (error) {
      notify('error', apiMessage(error));
    }
  }

  const list = links.data ?? [];
  return (
    <section className="card share-panel" aria-labelledby="share-title">
      <h2 id="share-title" className="h4">
        Share a live link
      </h2>
      <p className="share-panel__hint">Your client opens the report on any phone without signing in. You see when it is viewed.</p>
      <label className="report-page__field">
        <span>Link expires in</span>
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {EXPIRY_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--secondary" onClick={() => void onCreate()} disabled={disabled || creating.isLoading}>
        {creating.isLoading ? 'Creating link…' : 'Create link'}
      </button>
      {list.length > 0 && (
        <ul className="share-panel__links" aria-label="Links to this report">
          {list.map((link) => (
            <li key={link.token} className={`share-panel__link${link.revoked ? ' share-panel__link--revoked' : ''}`} data-testid="share-link">
              <input className="share-panel__url" readOnly value={link.url} aria-label="Link" onFocus={(e) => e.currentTarget.select()} />
              <p className="share-panel__meta" data-testid="share-link-meta">
                {link.revoked ? 'Revoked' : new Date(link.expires_at).getTime() < Date.now() ? `Expired ${date(link.expires_at)}` : `Expires ${date(link.expires_at)}`} ·{' '}
                {link.views === 1 ? '1 view' : `${link.views} views`}
                {link.last_viewed_at ? ` · last ${dateTime(link.last_viewed_at)}` : ''}
              </p>
              {!link.revoked && (
                <div className="share-panel__actions">
                  <button type="button" className="button button--ghost" onClick={() => void copy(link.url)}>
                    Copy
                  </button>
                  <a className="button button--ghost" href={link.url} target="_blank" rel="noreferrer">
                    Open
                  </a>
                  <select aria-label="Change expiry" value="" onChange={(e) => e.target.value && void onExpiry(link.token, Number(e.target.value))}>
                    <option value="">Expiry…</option>
                    {EXPIRY_CHOICES.map((d) => (
                      <option key={d} value={d}>
                        {d} days from now
                      </option>
                    ))}
                  </select>
                  <button type="button" className="button button--ghost share-panel__revoke" onClick={() => void onRevoke(link.token)}>
                    Revoke
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
