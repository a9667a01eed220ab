import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import type { BrandKit } from '@cma/contracts';
import { createAppStore } from '../../../app/store';
import { BrandKitForm } from './BrandKitForm';

const saved: BrandKit = { brand_colour: '#225588', tagline: 'Park Hill homes', bio: 'Twelve years in Denver.', cover_letter_template: '', brokerage_logo: null, default_pages: null };

describe('BrandKitForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps its fields closed until the saved kit arrives, so nothing the agent types is replaced by it', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { store } = createAppStore();
    render(
      <Provider store={store}>
        <BrandKitForm />
      </Provider>,
    );
    const tagline = screen.getByLabelText(/^Tagline/) as HTMLInputElement;
    expect(tagline.disabled).toBe(true);
    expect((screen.getByLabelText(/^Short bio/) as HTMLTextAreaElement).disabled).toBe(true);

    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    answer(new Response(JSON.stringify({ status_code: 200, data: saved }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(tagline.disabled).toBe(false));
    expect(tagline.value).toBe('Park Hill homes');
    expect((screen.getByLabelText(/^Short bio/) as HTMLTextAreaElement).value).toBe('Twelve years in Denver.');
  });
});
