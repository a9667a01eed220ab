import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { cmaApi } from '../api/cmaApi';
import { listingPhotoCopyKey, listingPhotoCopyOf } from '../model/listingPhotos';
import { isRecord } from '../model/records';
import { markListingPhotosCopied } from './workflow';
import { useReport } from './useReport';

// Properties asked for since the page loaded (RTK Query drops a finished mutation's state once no screen watches it).
const askedSincePageLoad = new Set<string>();

/**
 * Copies the listing photos of the subject and of every chosen comparable into their stored photos as soon as they
 * are chosen. Each property is asked once per page load (a failed one is tried again after a reload); the server copies
 * only while it holds no claim for the property, so a repeat is a no-op unless the unused-copies prune removed the
 * photos of a CMA left open and unsaved for weeks.
 */
export function useListingPhotoCopies(): void {
  const { report, edit, dispatch } = useReport();
  const { selectedPropertydata: subject, comaparables: comparables } = report;
  const store = useStore<RootState>();

  useEffect(() => {
    for (const record of [subject, ...comparables].filter(isRecord)) {
      const copy = listingPhotoCopyOf(record);
      if (!copy || askedSincePageLoad.has(record.uuid)) continue;
      const fixedCacheKey = listingPhotoCopyKey(record.uuid);
      if (cmaApi.endpoints.saveListingPhotos.select({ fixedCacheKey, requestId: undefined })(store.getState()).status !== 'uninitialized') continue;
      askedSincePageLoad.add(record.uuid);
      dispatch(cmaApi.endpoints.saveListingPhotos.initiate(copy, { fixedCacheKey }))
        .unwrap()
        .then(
          (images) => edit(markListingPhotosCopied, record.uuid, images.map((image) => String(image.id))),
          () => {}, // PhotoManager shows the failure where the photos are.
        );
    }
  }, [subject, comparables, dispatch, edit, store]);
}
