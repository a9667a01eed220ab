import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ReviewPage from './ReviewPage';
import { updateCmaWorkflow, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import type { CmaRecord } from '../model/records';
import { chooseSubject, toggleComparable } from '../store/workflow';
import { renderWithStore, sampleRecords } from '../testing/renderWithStore';
import { LISTING_PHOTO_COUNT, serveFakeImagesApi } from '../testing/fakeImagesApi';
import { listingRecords } from '@cma/cma/testing';

const api = serveFakeImagesApi();

/** A sample sale as the listing database returns it: its source, and its listing's photo URLs. */
const fromDatabase = (record: CmaRecord, listingId: string): CmaRecord => ({
  ...record,
  'Listing Id': listingId,
  listingSource: 'demo',
  propertyImages: [1, 2, 3].map((n) => `/api/listing-photos/demo/${listingId}/${n}.svg`),
});

const photosOf = (name: string) => within(screen.getByRole('list', { name: `Photos of ${name}` })).getAllByRole('img');

describe('/review comparable photos', () => {
  it("copies a database comparable's listing photos once, lets the agent choose, add and delete them", async () => {
    const [subject, first, second] = sampleRecords().filter((r) => typeof r['Net Sales Price'] === 'number');
    const listed = fromDatabase(first!, 'DEMO-000042');
    const view = renderWithStore(<ReviewPage />, '/review');
    const apply = (fn: (s: CmaWorkflowState) => Partial<CmaWorkflowState>) => act(() => void view.store.dispatch(updateCmaWorkflow(fn(view.store.getState().cmaWorkflow))));
    apply((s) => chooseSubject(s, subject!));
    apply((s) => toggleComparable(s, listed));
    apply((s) => toggleComparable(s, second!));
    const comps = () => view.store.getState().cmaWorkflow.comaparables as unknown as CmaRecord[];

    await waitFor(() => expect(photosOf('comp 1')).toHaveLength(LISTING_PHOTO_COUNT));
    expect(api.copies()).toEqual([{ listing_id: 'DEMO-000042', source: 'demo', property_id: listed.uuid }]);
    await waitFor(() => expect(comps()[0]!.listingPhotosCopied).toBe(true));
    // The CSV comparable has no listing to copy from.
    expect(comps()[1]!.listingPhotosCopied).toBeUndefined();
    expect(screen.getByText('No photos yet.')).toBeTruthy();
    expect(photosOf('comp 1').map((img) => img.getAttribute('alt'))).toEqual(['Photo 1 of comp 1', 'Photo 2 of comp 1', 'Photo 3 of comp 1']);

    // The Photo column lists the stored photos; the chosen one is stored by id and marked as the printed one.
    const [firstPhoto, secondPhoto, thirdPhoto] = api.photos.get(listed.uuid)!;
    const choice = screen.getByLabelText('Photo of comp 1') as HTMLSelectElement;
    expect(Array.from(choice.options, (o) => o.textContent)).toEqual(['First photo', 'Photo 1', 'Photo 2', 'Photo 3']);
    const printedAlt = () => screen.getByText('In the report').parentElement!.querySelector('img')!.getAttribute('alt');
    expect(printedAlt()).toBe('Photo 1 of comp 1');
    fireEvent.change(choice, { target: { value: secondPhoto!.id } });
    expect((view.store.getState().cmaWorkflow.report_data as { photoChoice: Record<string, string> }).photoChoice[listed.uuid]).toBe(secondPhoto!.id);
    expect(printedAlt()).toBe('Photo 2 of comp 1');

    // A photo added to the CSV comparable, and one deleted from the database one.
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add photos of comp 2 (PNG or JPEG)'), { target: { files: [png] } });
    await waitFor(() => expect(photosOf('comp 2')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1 of comp 1' }));
    await waitFor(() => expect(photosOf('comp 1')).toHaveLength(LISTING_PHOTO_COUNT - 1));
    expect(api.photos.get(listed.uuid)!.map((p) => p.id)).toEqual([secondPhoto!.id, thirdPhoto!.id]);
    expect(api.requests.map((r) => r.path)).toContain(`/api/get-images/delete/${firstPhoto!.id}`);

    // Coming back to the page copies nothing again.
    view.unmount();
    render(
      <Provider store={view.store}>
        <MemoryRouter initialEntries={['/review']}>
          <ReviewPage />
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() => expect(photosOf('comp 1')).toHaveLength(LISTING_PHOTO_COUNT - 1));
    expect(api.copies()).toHaveLength(1);
  });

  it('refuses files other than PNG and JPEG before sending anything', async () => {
    const [subject, first] = sampleRecords().filter((r) => typeof r['Net Sales Price'] === 'number');
    const view = renderWithStore(<ReviewPage />, '/review');
    act(() => void view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, subject!))));
    act(() => void view.store.dispatch(updateCmaWorkflow(toggleComparable(view.store.getState().cmaWorkflow, first!))));
    const gif = new File(['GIF89a'], 'plan.gif', { type: 'image/gif' });
    fireEvent.change(await screen.findByLabelText('Add photos of comp 1 (PNG or JPEG)'), { target: { files: [gif] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Only PNG and JPEG photos can be added (plan.gif).');
    expect(api.requests.some((r) => r.path === '/api/store-property-images')).toBe(false);
  });
});

describe('/review opens with the accurate value (issue 27)', () => {
  it('measures the market in the background once comparables are chosen: the reconciled value and the 80 % likely range without a click', async () => {
    const records = listingRecords(240) as CmaRecord[];
    const view = renderWithStore(<ReviewPage />, '/review');
    const apply = (fn: (s: CmaWorkflowState) => Partial<CmaWorkflowState>) => act(() => void view.store.dispatch(updateCmaWorkflow(fn(view.store.getState().cmaWorkflow))));
    apply(() => ({ allCsvData: records }));
    apply((s) => chooseSubject(s, records[239]!));
    for (const comp of records.slice(225, 231)) apply((s) => toggleComparable(s, comp));

    await waitFor(() => expect(screen.getByTestId('value-approaches')).toBeTruthy(), { timeout: 30_000 });
    expect(screen.getByText('Reconciled value: comparables and market model')).toBeTruthy();
    expect(screen.getByTestId('value-approaches').textContent).toMatch(/^Comparables \$ [\d,]+ carry \d+%; the market model \$ [\d,]+ carries \d+%\.$/);
    expect(screen.getByTestId('likely-range').textContent).toMatch(/^80 % likely range \$ [\d,]+ – \$ [\d,]+In \d+ recent sales of the loaded data/);
    const formulas = view.store.getState().cmaWorkflow.adjustment_formulas as { market?: { before: string }; marketModel?: { inValue: boolean } };
    expect(formulas.market?.before).toBe('2024-12-01');
    expect(formulas.marketModel?.inValue).toBe(true);
    const reconciled = screen.getByTestId('reconciled-value').textContent;

    // Out of the value: the comparables alone, with the range they measured alone; and back.
    fireEvent.click(screen.getByRole('button', { name: 'Take the market model out of the value' }));
    expect(screen.getByText('Value from the comparables')).toBeTruthy();
    expect(screen.queryByTestId('value-approaches')).toBeNull();
    expect(screen.getByTestId('likely-range').textContent).toMatch(/by their comparables alone/);
    fireEvent.click(screen.getByRole('button', { name: 'Put the market model back in the value' }));
    expect(screen.getByTestId('reconciled-value').textContent).toBe(reconciled);
  }, 60_000);
});
