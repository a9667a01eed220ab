import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ConfirmSubjectPage from './ConfirmSubjectPage';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import type { CmaRecord } from '../model/records';
import { chooseSubject } from '../store/workflow';
import { renderWithStore, sampleRecords } from '../testing/renderWithStore';
import { LISTING_PHOTO_COUNT, serveFakeImagesApi } from '../testing/fakeImagesApi';

const api = serveFakeImagesApi();

describe('/confirm-subject photos', () => {
  it("adds the listing's photos of a subject found in the listing database, once, keeping only their ids in the store", async () => {
    const record: CmaRecord = { ...sampleRecords()[0]!, 'Listing Id': 'DEMO-000007', listingSource: 'demo', propertyImages: ['/api/listing-photos/demo/DEMO-000007/1.svg'] };
    const view = renderWithStore(<ConfirmSubjectPage />, '/confirm-subject');
    act(() => void view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, record))));
    expect(screen.getByRole('status').textContent).toBe("Adding the listing's photos…");

    const photos = await screen.findAllByRole('img', { name: /^Photo \d of the subject$/ });
    expect(photos).toHaveLength(LISTING_PHOTO_COUNT);
    expect(within(screen.getByRole('list', { name: 'Photos of the subject' })).getAllByRole('button', { name: /^Delete photo \d of the subject$/ })).toHaveLength(LISTING_PHOTO_COUNT);
    const report = () => view.store.getState().cmaWorkflow;
    await waitFor(() => expect((report().selectedPropertydata as CmaRecord).listingPhotosCopied).toBe(true));
    expect(report().propertyImages).toEqual(api.photos.get(record.uuid)!.map((p) => ({ id: p.id, property_id: record.uuid })));
    expect(JSON.stringify(report())).not.toContain('data:image');

    // Picking the same subject again (its search result carries no flag) is answered from what the session knows.
    act(() => void view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, record))));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /of the subject$/ })).toHaveLength(LISTING_PHOTO_COUNT));
    expect(api.copies()).toHaveLength(1);
  });
});
