// The photos the agent keeps on the server (uploaded, or copied from the listing database) drawn into the PDF.
import type { ReportState } from './reportSlice';

/** One stored photo as POST /api/encoded/img/list/{id} returns it. */
export interface StoredPhoto {
  id: string;
  data_url: string;
}

type PhotoFields = Pick<ReportState, 'base64Images' | 'comaparables' | 'report_data'>;

/**
 * The report fields the PDF is drawn from, given each property's stored photos (by uuid): the subject's and each
 * comparable's are added after their own, and a comparable's photo chosen on /review (an image id in
 * report_data.photoChoice) becomes its data URL, which the report prints first.
 */
export function withStoredPhotos(report: Pick<ReportState, 'selectedPropertydata'> & PhotoFields, photos: Readonly<Record<string, StoredPhoto[]>>): PhotoFields {
  const subjectId = report.selectedPropertydata?.uuid;
  const choice = { ...((report.report_data?.photoChoice as Record<string, unknown> | undefined) ?? {}) };
  const comaparables = report.comaparables.map((comparable) => {
    const stored = typeof comparable.uuid === 'string' ? (photos[comparable.uuid] ?? []) : [];
    if (stored.length === 0) return comparable;
    const chosen = stored.find((photo) => photo.id === choice[comparable.uuid as string]);
    if (chosen) choice[comparable.uuid as string] = chosen.data_url;
    const own = Array.isArray(comparable.propertyImages) ? comparable.propertyImages : [];
    return { ...comparable, propertyImages: [...own, ...stored.map((photo) => photo.data_url)] };
  });
  return {
    base64Images: [...report.base64Images, ...(typeof subjectId === 'string' ? (photos[subjectId] ?? []).map((photo) => photo.data_url) : [])],
    comaparables,
    report_data: { ...(report.report_data ?? {}), photoChoice: choice },
  };
}
