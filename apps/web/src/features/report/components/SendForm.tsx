import { useRef, useState, type FormEvent } from 'react';
import { emailField } from '@cma/contracts';
import { notify } from '../../../shared/toast';
import { usePreviewSendPdfMutation, useSendPdfMutation } from '../api/reportApi';
import { apiMessage } from '../apiMessage';

type Step = 'idle' | 'saving' | 'sending';
const STEPS: Record<Exclude<Step, 'idle'>, { at: number; words: string }> = {
  saving: { at: 1, words: 'Saving the report' },
  sending: { at: 2, words: 'Preparing the PDF and sending it' },
};

/**
 * "Send to client": the report is saved first, then the server prints the saved report and e-mails it with its live
 * link (issue 29). Progress is shown step by step and the agent can cancel; the e-mail can be previewed before.
 */
export function SendForm({ enabled, saveReport, previewState }: { enabled: boolean; saveReport: () => Promise<number | null>; previewState: () => Record<string, unknown> }) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [message, setMessage] = useState('');
  const [copy, setCopy] = useState(true);
  const [explainWeights, setExplainWeights] = useState(false);
  const [step, setStep] = useState<Step>('idle');
  const [sendPdf] = useSendPdfMutation();
  const [previewSend, previewing] = usePreviewSendPdfMutation();
  const [preview, setPreview] = useState<{ from: string; subject: string; html: string; attachment: string } | null>(null);
  const cancel = useRef<(() => void) | null>(null);

  /** The form's fields, checked; null (with the error shown) when the e-mail is not valid. */
  function fields() {
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter valid Email ID');
      return null;
    }
    setEmailError('');
    return { email: parsed.data, ...(message.trim() ? { message: message.trim() } : {}), copy, explain_weights: explainWeights };
  }

  async function onPreview() {
    const body = fields();
    if (!body) return;
    try {
      setPreview(await previewSend({ ...body, state: JSON.stringify(previewState()) }).unwrap());
    } catch (error) {
      notify('error', apiMessage(error));
    }
  }

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const body = fields();
    if (!body) return;
    let cancelled = false;
    cancel.current = () => {
      cancelled = true;
      setStep('idle');
    };
    setStep('saving');
    try {
      const historyId = await saveReport();
      if (historyId == null) return;
      if (cancelled) return void notify('info', 'Sending was cancelled: nothing was sent.');
      setStep('sending');
      const sending = sendPdf({ ...body, history_id: historyId });
      // The server drops or stops the render when the request goes away, and sends nothing.
      cancel.current = () => {
        cancelled = true;
        sending.abort();
      };
      const sent = await sending.unwrap();
      setPreview(null);
      notify('success', `The report has been sent to ${sent.email}.`);
    } catch (error) {
      notify(cancelled ? 'info' : 'error', cancelled ? 'Sending was cancelled: nothing was sent.' : apiMessage(error));
    } finally {
      cancel.current = null;
      setStep('idle');
    }
  }

  const busy = step !== 'idle';
  return (
    <form className="card" onSubmit={(e) => void onSend(e)} noValidate aria-busy={busy}>
      <h2 className="h4">Send to client</h2>
      <label className="report-page__field">
        <span>Client e-mail</span>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!emailError} aria-describedby={emailError ? 'send-email-error' : undefined} />
      </label>
      {emailError && (
        <p id="send-email-error" className="report-page__error">
          {emailError}
        </p>
      )}
      <label className="report-page__field">
        <span>Personal message (optional)</span>
        <textarea rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <label className="report-page__check">
        <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} /> Send me a copy
      </label>
      <label className="report-page__check">
        <input type="checkbox" checked={explainWeights} onChange={(e) => setExplainWeights(e.target.checked)} /> Explain in the e-mail how the value was weighed
      </label>
      <div className="report-page__actions">
        <button type="button" className="button button--ghost" onClick={() => void onPreview()} disabled={previewing.isLoading || !enabled || busy}>
          {previewing.isLoading ? 'Preparing preview…' : 'Preview e-mail'}
        </button>
        {busy ? (
          <button type="button" className="button button--secondary" onClick={() => cancel.current?.()}>
            Cancel sending
          </button>
        ) : (
          <button type="submit" className="button button--accent" disabled={!enabled}>
            Send to client
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" className="report-page__progress">
        {busy ? (
          <>
            <progress max={2} value={STEPS[step].at} aria-label="Sending progress" />
            <span>{`${STEPS[step].words}… (step ${STEPS[step].at} of 2)`}</span>
          </>
        ) : null}
      </div>
      {preview && (
        <div className="report-page__email-preview" aria-label="E-mail preview" role="region">
          <p className="report-page__email-meta">
            From: {preview.from}
            <br />
            Subject: {preview.subject}
            <br />
            Attached: {preview.attachment}
          </p>
          <iframe title="E-mail preview" sandbox="" srcDoc={preview.html} />
        </div>
      )}
    </form>
  );
}
