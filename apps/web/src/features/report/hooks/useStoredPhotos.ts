// The photos the agent keeps on the server for the subject and every comparable, as data URLs for the PDF the browser
// draws (the server's prints read the same photos from storage).
import { useEffect, useMemo, useState } from 'react';
import type { CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { useEncodedReportImagesMutation } from '../api/reportApi';
import type { StoredPhoto } from '../store/storedPhotos';

/** Each property's stored photos by uuid; null until they are fetched. */
export function useStoredPhotos(report: Pick<CmaWorkflowState, 'selectedPropertydata' | 'comaparables'>): Record<string, StoredPhoto[]> | null {
  const [fetchPhotos] = useEncodedReportImagesMutation();
  const [photos, setPhotos] = useState<Record<string, StoredPhoto[]> | null>(null);
  const properties = useMemo(
    () => [report.selectedPropertydata, ...report.comaparables].flatMap((p) => (typeof p?.uuid === 'string' && p.uuid !== '' ? [{ id: p.uuid, copied: p.listingPhotosCopied === true }] : [])),
    [report.selectedPropertydata, report.comaparables],
  );
  // A listing-photo copy finishing while the report is open changes the key, so the PDF is drawn again with them.
  const key = properties.map((p) => `${p.id}:${p.copied}`).join(',');
  useEffect(() => {
    let cancelled = false;
    const ids = key ? key.split(',').map((entry) => entry.slice(0, entry.lastIndexOf(':'))) : [];
    Promise.all(ids.map((id) => fetchPhotos(id).unwrap().then((list) => [id, list] as const, () => [id, [] as StoredPhoto[]] as const))).then((entries) => {
      if (!cancelled) setPhotos(Object.fromEntries(entries));
    });
    return () => {
      cancelled = true;
    };
  }, [key, fetchPhotos]);
  return photos;
}
