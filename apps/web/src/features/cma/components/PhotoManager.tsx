import { useEffect, useState } from 'react';
import { errorMessage, useDeleteImageMutation, useEncodedImagesMutation, useStorePropertyImagesMutation, type PropertyImage } from '../api/cmaApi';

const ACCEPTED = ['image/png', 'image/jpeg'];

export function imageSrc(image: PropertyImage | string): string {
  if (typeof image === 'string') return image;
  if (image.data_url) return image.data_url;
  if (image.url) return image.url;
  if (image.base64) return image.base64.startsWith('data:') ? image.base64 : `data:image/jpeg;base64,${image.base64}`;
  if (image.image) return image.image;
  return '';
}

/** Photos of one property: upload (checked and resized on the server), list and delete — owner-only on the server. */
export function PhotoManager({ propertyId, onImagesChange }: { propertyId: string; onImagesChange(images: PropertyImage[]): void }) {
  const [images, setImages] = useState<PropertyImage[]>([]);
  const [message, setMessage] = useState('');
  const [store, storeState] = useStorePropertyImagesMutation();
  // Thumbnails come as data URLs: the image files themselves need the bearer token, which <img> cannot send.
  const [load] = useEncodedImagesMutation();
  const [remove] = useDeleteImageMutation();

  useEffect(() => {
    let live = true;
    load(propertyId)
      .unwrap()
      .then((list) => live && setImages(list))
      .catch(() => live && setImages([]));
    return () => {
      live = false;
    };
  }, [propertyId, load]);

  async function upload(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    const wrong = chosen.filter((f) => !ACCEPTED.includes(f.type));
    if (wrong.length) {
      setMessage(`Only PNG and JPEG photos can be added (${wrong.map((f) => f.name).join(', ')}).`);
      return;
    }
    if (!chosen.length) return;
    setMessage('');
    try {
      await store({ propertyId, files: chosen }).unwrap();
      const list = await load(propertyId).unwrap();
      setImages(list);
      onImagesChange(list);
    } catch (error) {
      setMessage(errorMessage(error, 'The photos could not be uploaded.'));
    }
  }

  async function drop(image: PropertyImage) {
    try {
      await remove(image.id).unwrap();
      const list = images.filter((i) => i.id !== image.id);
      setImages(list);
      onImagesChange(list);
    } catch (error) {
      setMessage(errorMessage(error, 'The photo could not be deleted.'));
    }
  }

  return (
    <div className="cma-photos">
      <label className="cma-field">
        <span>Add photos (PNG or JPEG)</span>
        <input type="file" accept="image/png,image/jpeg" multiple disabled={storeState.isLoading} onChange={(e) => void upload(e.target.files)} />
      </label>
      {message && <p className="cma-error" role="alert">{message}</p>}
      {images.length === 0 ? (
        <p className="cma-empty">No photos yet.</p>
      ) : (
        <ul className="cma-photo-list">
          {images.map((image) => (
            <li key={String(image.id)}>
              <img src={imageSrc(image)} alt="Property" loading="lazy" />
              <button type="button" className="button button--ghost" onClick={() => void drop(image)}>Delete</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
