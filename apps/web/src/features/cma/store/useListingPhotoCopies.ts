import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { cmaApi } from '../api/cmaApi';
import { listingPhotoCopyKey, listingPhotoCopyOf } from '../model/listingPhotos';
import { isRecord } from '../model/records';
import { markListingPhotosCopied } from './workflow';
import { useReport } from './useReport';

/**
 * Copies the listing photos of the subject and of every chosen comparable into their stored photos as soon as they
 * are chosen. Each copy runs once per session under its property's key (a failed one is tried again after a reload
 * or the next sign-in); success flags the record, so later visits send nothing.
 */
export function useListingPhotoCopies(): void {
  const { report, edit, dispatch } = useReport();
  const { selectedPropertydata: subject, comaparables: comparables } = report;
  const store = useStore<RootState>();

  useEffect(() => {
    for (const record of [subject, ...comparables].filter(isRecord)) {
      const copy = listingPhotoCopyOf(record);
      if (!copy) continue;
      const fixedCacheKey = listingPhotoCopyKey(record.uuid);
      if (cmaApi.endpoints.saveListingPhotos.select({ fixedCacheKey, requestId: undefined })(store.getState()).status !== 'uninitialized') continue;
      dispatch(cmaApi.endpoints.saveListingPhotos.initiate(copy, { fixedCacheKey }))
        .unwrap()
        .then(
          (images) => edit(markListingPhotosCopied, record.uuid, images.map((image) => String(image.id))),
          () => {}, // PhotoManager shows the failure where the photos are.
        );
    }
  }, [subject, comparables, dispatch, edit, store]);
}
