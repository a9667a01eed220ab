import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { toast } from 'react-toastify';
import { createAppStore } from '../../../app/store';
import { ContactForm } from './ContactForm';

function renderForm() {
  const { store } = createAppStore();
  return render(
    <Provider store={store}>
      <ContactForm />
    </Provider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText(/^Images/), { target: { files } });

function fillValid() {
  type(/^Name/, 'Dana Agent');
  type(/^Email/, 'dana@example.com');
  type(/^Mobile Number/, '3035550142');
  type(/^Subject/, 'Plans');
  type(/^Description/, 'Can my team share?');
}

describe('ContactForm', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}-${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows every message on Submit and sends nothing while there are errors', async () => {
    renderForm();
    type(/^Name/, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['Name is Required', 'Email is Required', 'Number is Required', 'Subject is Required', 'Description is Required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks as the user types, and formats the mobile number', () => {
    renderForm();
    type(/^Email/, 'dana@');
    expect(screen.getByText('Please enter valid Email ID')).toBeTruthy();
    type(/^Email/, 'dana@example.com');
    expect(screen.queryByText('Please enter valid Email ID')).toBeNull();
    type(/^Mobile Number/, '30355');
    expect(screen.getByText('Please enter valid Mobile Number')).toBeTruthy();
    type(/^Mobile Number/, '(303) 555-01429');
    expect(field(/^Mobile Number/).value).toBe('303-555-0142');
    expect(screen.queryByText('Please enter valid Mobile Number')).toBeNull();
  });

  it('refuses the 9th image with the warning and removes previews one by one', async () => {
    const warn = vi.spyOn(toast, 'warning');
    renderForm();
    choose(Array.from({ length: 8 }, (_, i) => png(`p${i}.png`)));
    expect(screen.getAllByRole('img')).toHaveLength(8);
    choose([png('ninth.png')]);
    expect(screen.getAllByRole('img')).toHaveLength(8);
    expect(screen.getByText('you can upload 8 images only')).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('you can upload 8 images only'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove p3.png' }));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['p0.png', 'p1.png', 'p2.png', 'p4.png', 'p5.png', 'p6.png', 'p7.png']);
  });

  it('sends multipart once valid, then clears the form and the previews', async () => {
    fetchSpy.mockResolvedValue(new Response(JSON.stringify({ status_code: 200, message: 'Thank you!', data: { id: 1, attachments: 1 } }), { headers: { 'content-type': 'application/json' } }));
    const success = vi.spyOn(toast, 'success');
    renderForm();
    fillValid();
    choose([png('front.png')]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Thank you!'));
    const request = fetchSpy.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/contact-us');
    const body = await request.formData();
    expect(body.get('mobile_number')).toBe('3035550142');
    expect(body.getAll('email_attachment[]')).toHaveLength(1);
    expect(field(/^Name/).value).toBe('');
    expect(field(/^Mobile Number/).value).toBe('');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it("shows 'error is ' when the call fails and keeps what was typed", async () => {
    fetchSpy.mockResolvedValue(new Response(JSON.stringify({ status_code: 429, message: 'Too many attempts.' }), { status: 429, headers: { 'content-type': 'application/json' } }));
    const error = vi.spyOn(toast, 'error');
    renderForm();
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0]![0])).toMatch(/^error is /);
    expect(field(/^Name/).value).toBe('Dana Agent');
  });
});
