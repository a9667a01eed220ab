import { describe, expect, it } from 'vitest';
import { buildReportInput } from '@cma/report';
import { initialCmaWorkflowState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { withStoredPhotos, type StoredPhoto } from './storedPhotos';

// Tiny but valid-looking JPEG data URLs: the report keeps png/jpeg data URLs only.
const jpeg = (name: string) => `data:image/jpeg;base64,${Buffer.from(name).toString('base64')}`;
const photo = (id: string): StoredPhoto => ({ id, data_url: jpeg(id) });

const property = (uuid: string, street: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  pdf_address: street,
  properties_address: `${street}, Denver, CO 80209`,
  'Close Price': 600000,
  'Net Sales Price': 600000,
  'Close Date': '03/01/2026',
  MLS: 'Closed',
  'Above Grade Finished Area': 1800,
  propertyImages: [],
  ...extra,
});

function report(changes: Partial<CmaWorkflowState>): CmaWorkflowState {
  return {
    ...initialCmaWorkflowState,
    selectedPropertydata: property('subject', '1 Elm St'),
    selectedPropertydataUUID: 'subject',
    comaparables: [property('comp-a', '2 Oak St'), property('comp-b', '3 Ash St', { propertyImages: [jpeg('legacy')] })],
    ...changes,
  };
}

const printed = (state: CmaWorkflowState, photos: Record<string, StoredPhoto[]>) => {
  const input = buildReportInput({ ...state, ...withStoredPhotos(state, photos) });
  return { subject: input.subject.photos, comps: input.comparables.map((c) => c.photos[0] ?? null) };
};

describe('withStoredPhotos', () => {
  it("prints each property's stored photos, the first one when nothing is chosen", () => {
    const shown = printed(report({}), { subject: [photo('s1')], 'comp-a': [photo('a1'), photo('a2')] });
    expect(shown.subject).toEqual([jpeg('s1')]);
    expect(shown.comps).toEqual([jpeg('a1'), jpeg('legacy')]);
  });

  it('prints the photo chosen on /review (kept as an image id), before the photos a record carries itself', () => {
    const state = report({ report_data: { reportId: 'r1', photoChoice: { 'comp-a': 'a2', 'comp-b': 'b2' } } });
    const shown = printed(state, { 'comp-a': [photo('a1'), photo('a2')], 'comp-b': [photo('b1'), photo('b2')] });
    expect(shown.comps).toEqual([jpeg('a2'), jpeg('b2')]);
    // The store keeps ids: only the PDF's copy of the state carries the photo itself.
    expect(withStoredPhotos(state, { 'comp-a': [photo('a2')] }).report_data).toMatchObject({ reportId: 'r1', photoChoice: { 'comp-a': jpeg('a2'), 'comp-b': 'b2' } });
    expect(state.report_data).toEqual({ reportId: 'r1', photoChoice: { 'comp-a': 'a2', 'comp-b': 'b2' } });
  });

  it("prints the subject photo chosen on /review first, from its id (the store keeps no subject photo bytes)", () => {
    const state = report({ base64Images: [], report_data: { photoChoice: { subject: 's2' } } });
    expect(printed(state, { subject: [photo('s1'), photo('s2'), photo('s3')] }).subject).toEqual([jpeg('s2'), jpeg('s1'), jpeg('s3')]);
  });

  it('falls back to the first photo when the chosen one was deleted', () => {
    const state = report({ report_data: { photoChoice: { 'comp-a': 'gone' } } });
    expect(printed(state, { 'comp-a': [photo('a1'), photo('a2')] }).comps[0]).toBe(jpeg('a1'));
  });
});
