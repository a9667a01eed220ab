import { useState, type ChangeEvent } from 'react';
import {
  errorMessage, useDeleteImageMutation, useEncodedImagesQuery, useSaveListingPhotosMutation, useStorePropertyImagesMutation, type PropertyImage,
} from '../api/cmaApi';
import { listingPhotoCopyKey } from '../model/listingPhotos';

const ACCEPTED = ['image/png', 'image/jpeg'];

export function imageSrc(image: PropertyImage | string): string {
  if (typeof image === 'string') return image;
  if (image.data_url) return image.data_url;
  if (image.url) return image.url;
  if (image.base64) return image.base64.startsWith('data:') ? image.base64 : `data:image/jpeg;base64,${image.base64}`;
  if (image.image) return image.image;
  return '';
}

/** The photo a report prints: the chosen one while it exists, else the first. */
function printedPhotoId(images: readonly PropertyImage[], chosenId: string | null | undefined): string | null {
  const chosen = images.find((image) => String(image.id) === chosenId);
  return chosen ? String(chosen.id) : images[0] ? String(images[0].id) : null;
}

interface PhotoManagerProps {
  propertyId: string;
  /** How labels and alt texts name the property, e.g. 'the subject' or 'comp 2'. */
  propertyName: string;
  /** When given, the photo the report prints (see printedPhotoId) is marked. */
  chosenId?: string | null;
  onImagesChange?(images: PropertyImage[]): void;
}

/** Photos of one property: upload (checked and resized on the server), list and delete — owner-only on the server. */
export function PhotoManager({ propertyId, propertyName, chosenId, onImagesChange }: PhotoManagerProps) {
  // Data URLs: the image files themselves need the bearer token, which <img> cannot send.
  const { data: images = [], isLoading } = useEncodedImagesQuery(propertyId);
  const [store, storeState] = useStorePropertyImagesMutation();
  const [remove] = useDeleteImageMutation();
  // The copy of the listing's photos (started by useListingPhotoCopies) is shared under the property's key.
  const [, listingCopy] = useSaveListingPhotosMutation({ fixedCacheKey: listingPhotoCopyKey(propertyId) });
  const [message, setMessage] = useState('');
  const printed = chosenId === undefined ? null : printedPhotoId(images, chosenId);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // The same file may be picked again after a failure or a delete.
    event.target.value = '';
    const wrong = chosen.filter((f) => !ACCEPTED.includes(f.type));
    if (wrong.length) {
      setMessage(`Only PNG and JPEG photos can be added (${wrong.map((f) => f.name).join(', ')}).`);
      return;
    }
    if (!chosen.length) return;
    setMessage('');
    try {
      const stored = await store({ propertyId, files: chosen }).unwrap();
      onImagesChange?.(stored);
    } catch (error) {
      setMessage(errorMessage(error, 'The photos could not be uploaded.'));
    }
  }

  async function drop(image: PropertyImage) {
    try {
      await remove({ imageId: image.id, propertyId }).unwrap();
      onImagesChange?.(images.filter((i) => i.id !== image.id));
    } catch (error) {
      setMessage(errorMessage(error, 'The photo could not be deleted.'));
    }
  }

  return (
    <div className="cma-photos">
      {listingCopy.isLoading && <p className="cma-hint" role="status">Adding the listing's photos…</p>}
      {listingCopy.isError && (
        <p className="cma-error" role="alert">The listing's photos could not be added ({errorMessage(listingCopy.error, 'network error')}). You can add photos yourself.</p>
      )}
      {images.length === 0 ? (
        !listingCopy.isLoading && <p className="cma-empty">{isLoading ? 'Loading photos…' : 'No photos yet.'}</p>
      ) : (
        <ul className="cma-photo-list" aria-label={`Photos of ${propertyName}`}>
          {images.map((image, n) => {
            const isPrinted = String(image.id) === printed;
            return (
              <li key={String(image.id)} className={`cma-photo${isPrinted ? ' cma-photo--printed' : ''}`}>
                <img src={imageSrc(image)} alt={`Photo ${n + 1} of ${propertyName}`} loading="lazy" />
                {isPrinted && <span className="cma-photo__badge">In the report</span>}
                <button type="button" className="button button--ghost cma-photo__delete" aria-label={`Delete photo ${n + 1} of ${propertyName}`} onClick={() => void drop(image)}>
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label className="cma-field cma-photos__add">
        <span>Add photos of {propertyName} (PNG or JPEG)</span>
        <input type="file" accept="image/png,image/jpeg" multiple disabled={storeState.isLoading} onChange={(e) => void upload(e)} />
      </label>
      {storeState.isLoading && <p className="cma-hint" role="status">Uploading…</p>}
      {message && <p className="cma-error" role="alert">{message}</p>}
    </div>
  );
}
