import sharp from 'sharp';
import { PROPERTY_IMAGE_MAX_EDGE } from '@cma/contracts';
import { decodeSlot } from '../../shared/reencode-image';

// Uploaded photos are never stored as sent: the type is sniffed from the bytes (not the name or the declared
// type), then decoded and re-encoded as a JPEG of at most 1600 px, which also drops EXIF (GPS, camera data).

export interface ProcessedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Decompression bombs are refused before decoding (about 8,000 × 6,000 px). */
const MAX_INPUT_PIXELS = 50_000_000;

/** Decodes (PNG, JPEG, WebP or our own SVG placeholders; bytes or a file path), turns upright, fits in 1600 px and encodes a JPEG without metadata. */
export function toStoredJpeg(input: Buffer | string): Promise<ProcessedImage> {
  return decodeSlot(() => encodeStoredJpeg(input));
}

async function encodeStoredJpeg(input: Buffer | string): Promise<ProcessedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: PROPERTY_IMAGE_MAX_EDGE, height: PROPERTY_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}
