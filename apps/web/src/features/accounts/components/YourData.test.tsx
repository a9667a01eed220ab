import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE } from '@cma/contracts';
import { createAppStore } from '../../../app/store';
import { YourData } from './YourData';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderYourData() {
  const { store } = createAppStore();
  render(
    <Provider store={store}>
      <YourData />
    </Provider>,
  );
}

describe('YourData (issue 30)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('deletes the account only after the password: a wrong one is shown on the field, the right one clears this browser', async () => {
    localStorage.setItem('token', 'session-token');
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const body = (await request.json()) as { password: string };
      sent.push(body);
      if (body.password !== 'Right-Password-1') return json(422, { status_code: 422, message: DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE, data: { password: [DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE] } });
      return json(200, { status_code: 200, message: 'Your account and everything in it have been deleted.', data: { deleted: true } });
    });
    renderYourData();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Your password, to confirm');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(globalThis.fetch).not.toHaveBeenCalled(); // an empty password is not sent
    await user.type(password, 'Wrong-Password-1');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText(DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE)).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('session-token');

    await user.clear(password);
    await user.type(password, 'Right-Password-1');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(sent).toEqual([{ password: 'Wrong-Password-1' }, { password: 'Right-Password-1' }]);
  });

  it('downloads the export with the session token', async () => {
    localStorage.setItem('token', 'session-token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="cma-studio-export-2026-11-27.zip"' } }));
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderYourData();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download everything' }));
    await waitFor(() => expect(clicks).toHaveBeenCalled());
    const [url, init] = vi.mocked(globalThis.fetch).mock.calls[0]!;
    expect(url).toBe('/api/account-export');
    expect((init as RequestInit).headers).toEqual({ authorization: 'Bearer session-token' });
  });
});
