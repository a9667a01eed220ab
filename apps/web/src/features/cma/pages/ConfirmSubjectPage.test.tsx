import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ConfirmSubjectPage from './ConfirmSubjectPage';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { readReportData, readSubject } from '@cma/cma';
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

describe('/confirm-subject quality and condition', () => {
  it("suggests the listing's steps with where they were read; the agent's pick is stored on the subject and is what the engine reads", () => {
    const record: CmaRecord = { ...sampleRecords()[0]!, 'Public-Remarks': 'Grade 9 custom build. Renovated 2021 with a new kitchen.' };
    const view = renderWithStore(<ConfirmSubjectPage />, '/confirm-subject');
    act(() => void view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, record))));
    const card = screen.getByRole('heading', { name: 'Quality and condition' }).closest('.card') as HTMLElement;
    expect(within(card).getByText('From the listing: Remarks: “Grade 9 custom build” → Q2')).toBeTruthy();
    expect(within(card).getByText('From the listing: Remarks: “Renovated 2021 with a new kitchen” → C2')).toBeTruthy();
    const quality = within(card).getByRole('combobox', { name: 'Quality of the subject' }) as HTMLSelectElement;
    expect(quality.value).toBe('2');
    expect(within(quality).getByRole('option', { name: 'Q2 High quality (from the listing)' })).toBeTruthy();

    fireEvent.change(quality, { target: { value: '3' } });
    const subject = () => view.store.getState().cmaWorkflow.selectedPropertydata as unknown as CmaRecord;
    expect(subject().agentQuality).toBe(3);
    expect(subject().agentCondition).toBeUndefined(); // condition is still the listing's suggestion
    expect(readSubject(subject())).toMatchObject({ quality: 3, condition: 2 });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm C2 for the subject' }));
    expect(subject().agentCondition).toBe(2);
    expect(within(card).getByText('Confirmed, from the listing: Remarks: “Renovated 2021 with a new kitchen” → C2')).toBeTruthy();
    expect(within(card).getByText('The listing suggested: Remarks: “Grade 9 custom build” → Q2')).toBeTruthy();
  });
});

describe('/confirm-subject: what the valuation is for (issue 27)', () => {
  it('keeps "being listed now" or "a past sale" in the CMA document, where the report reads it', () => {
    const record: CmaRecord = { ...sampleRecords()[0]!, 'Close Date': '2015-03-02' };
    const view = renderWithStore(<ConfirmSubjectPage />, '/confirm-subject');
    act(() => void view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, record))));
    const group = screen.getByRole('group', { name: 'What is this valuation for?' });
    expect(within(group).getByText("This home's record shows a sale on 2015-03-02.")).toBeTruthy();
    // Until the agent answers, a home with a sale on record is valued as that sale (as reports saved before were).
    const pastSale = within(group).getByRole('radio', { name: /A past sale/ }) as HTMLInputElement;
    expect(pastSale.checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: /Being listed now/ }));
    expect(readReportData(view.store.getState().cmaWorkflow.report_data).purpose).toBe('listing');
    expect((within(group).getByRole('radio', { name: /Being listed now/ }) as HTMLInputElement).checked).toBe(true);
  });
});
