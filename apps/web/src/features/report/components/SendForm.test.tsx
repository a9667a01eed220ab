import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Storage as PersistStorage } from 'redux-persist';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { SendForm } from './SendForm';

// Issue 29: sending saves the report, then asks the server to print the saved report (history_id, no state), with the
// steps shown and a way to cancel.

const memoryStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };
const networkFetch = globalThis.fetch;
afterEach(() => void (globalThis.fetch = networkFetch));

/** The API as the form meets it: each send-pdf request recorded and answered when the test says so. */
function fakeSendApi() {
  const sent: Array<Record<string, unknown>> = [];
  const answers: Array<() => void> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (!request.url.endsWith('/api/send-pdf')) return new Response(JSON.stringify({ status_code: 200, data: {} }), { headers: { 'content-type': 'application/json' } });
    sent.push((await request.json()) as Record<string, unknown>);
    const data = { email: 'taylor@example.com', filename: 'r.pdf', history_id: 7, link_url: 'http://x/r/t', bytes: 1 };
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      answers.push(() => resolve(new Response(JSON.stringify({ status_code: 200, data }), { headers: { 'content-type': 'application/json' } })));
    });
  }) as typeof fetch;
  return { sent, answer: () => answers.shift()?.() };
}

function renderForm(saveReport: () => Promise<number | null>) {
  const { store } = createAppStore(memoryStorage);
  render(
    <Provider store={store}>
      <SendForm enabled saveReport={saveReport} previewState={() => ({})} />
    </Provider>,
  );
  fireEvent.change(screen.getByLabelText('Client e-mail'), { target: { value: 'Taylor@Example.com' } });
}

describe('sending the report', () => {
  it('saves first, then sends the saved report by its id with the message and the choices, showing each step', async () => {
    const api = fakeSendApi();
    let saves = 0;
    renderForm(async () => (saves++, 7));
    fireEvent.change(screen.getByLabelText('Personal message (optional)'), { target: { value: 'Here it is.' } });
    fireEvent.click(screen.getByLabelText('Explain in the e-mail how the value was weighed'));
    fireEvent.click(screen.getByRole('button', { name: 'Send to client' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Preparing the PDF and sending it… (step 2 of 2)'));
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeTruthy();
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(saves).toBe(1);
    expect(api.sent[0]).toEqual({ email: 'taylor@example.com', message: 'Here it is.', copy: true, explain_weights: true, history_id: 7 });
    await act(async () => api.answer());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to client' })).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('the agent can cancel: the request is abandoned and the form is ready again', async () => {
    const api = fakeSendApi();
    renderForm(async () => 7);
    fireEvent.click(screen.getByRole('button', { name: 'Send to client' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to client' })).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
