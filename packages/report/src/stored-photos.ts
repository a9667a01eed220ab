// The photos an agent keeps on the server (uploaded, or copied from the listing database), drawn into a report state:
// the web's /report page and the server's live page both print a saved state with them (one reading of photoChoice).
import { readReportData } from '@cma/cma';

/** One stored photo as POST /api/encoded/img/list/{id} returns it. */
export interface StoredPhoto {
  id: string;
  data_url: string;
}

interface PhotoProperty {
  uuid?: unknown;
  propertyImages?: unknown;
}

export interface PhotoFields<P extends PhotoProperty> {
  base64Images: unknown[];
  comaparables: P[];
  /** report_data of any saved state (read with readReportData). */
  report_data: object | null;
}

/** The property uuids whose stored photos the report shows: the subject's, then each comparable's. */
export function photoPropertyIds(report: { selectedPropertydata?: PhotoProperty | null; comaparables: readonly PhotoProperty[] }): string[] {
  return [report.selectedPropertydata, ...report.comaparables].flatMap((p) => (typeof p?.uuid === 'string' && p.uuid !== '' ? [p.uuid] : []));
}

/**
 * The report fields the PDF is drawn from, given each property's stored photos (by uuid): the subject's and each
 * comparable's are added after their own, and the photo chosen on /review (an image id in report_data.photoChoice,
 * under the comparable's uuid or 'subject') is printed first — a comparable's choice becomes its data URL.
 */
export function withStoredPhotos<P extends PhotoProperty>(
  report: { selectedPropertydata?: PhotoProperty | null } & PhotoFields<P>,
  photos: Readonly<Record<string, StoredPhoto[]>>,
): PhotoFields<P> {
  const subjectId = report.selectedPropertydata?.uuid;
  const choice: Record<string, string> = { ...(readReportData(report.report_data).photoChoice ?? {}) };
  const comaparables = report.comaparables.map((comparable) => {
    const stored = typeof comparable.uuid === 'string' ? (photos[comparable.uuid] ?? []) : [];
    if (stored.length === 0) return comparable;
    const chosen = stored.find((photo) => photo.id === choice[comparable.uuid as string]);
    if (chosen) choice[comparable.uuid as string] = chosen.data_url;
    const own = Array.isArray(comparable.propertyImages) ? comparable.propertyImages : [];
    return { ...comparable, propertyImages: [...own, ...stored.map((photo) => photo.data_url)] };
  });
  // The subject photo chosen on /review (photoChoice.subject, an image id) prints first; the store never holds its bytes.
  const subjectPhotos = typeof subjectId === 'string' ? (photos[subjectId] ?? []) : [];
  const subjectFirst = [...subjectPhotos.filter((photo) => photo.id === choice.subject), ...subjectPhotos.filter((photo) => photo.id !== choice.subject)];
  return {
    base64Images: [...report.base64Images, ...subjectFirst.map((photo) => photo.data_url)],
    comaparables,
    report_data: { ...(report.report_data ?? {}), photoChoice: choice },
  };
}
