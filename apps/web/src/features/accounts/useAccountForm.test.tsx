import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { forgotForm } from './forms';
import { useAccountForm } from './useAccountForm';

function EmailForm({ send, onFailure }: { send: () => Promise<void>; onFailure?: (fields: Record<string, string[]>) => void }) {
  const { register, errors, submit } = useAccountForm(forgotForm, { defaultValues: { email: '' } });
  const onSubmit = submit(['email'], send, onFailure && ((failure) => onFailure(failure.fields)));
  return (
    <form onSubmit={onSubmit}>
      <input aria-label="Email" {...register('email')} />
      {errors.email && <p role="alert">{errors.email.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

const failure = { status: 422, data: { status_code: 422, message: 'The given data was invalid.', data: { email: ['No account uses this e-mail.'], token: ['Expired.'] } } };

async function sendEmail() {
  await userEvent.type(screen.getByLabelText('Email'), 'agent@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('useAccountForm', () => {
  it('puts a 422 message under its field', async () => {
    render(<EmailForm send={() => Promise.reject(failure)} />);
    await sendEmail();
    expect((await screen.findByRole('alert')).textContent).toBe('No account uses this e-mail.');
  });

  it('with onFailure, also hands it the whole failure', async () => {
    const onFailure = vi.fn();
    render(<EmailForm send={() => Promise.reject(failure)} onFailure={onFailure} />);
    await sendEmail();
    expect((await screen.findByRole('alert')).textContent).toBe('No account uses this e-mail.');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ token: ['Expired.'] }));
  });
});
