import sharp from 'sharp';
import { PROPERTY_IMAGE_MAX_EDGE } from '@cma/contracts';

// Uploaded photos are never stored as sent: the type is sniffed from the bytes (not the name or the declared
// type), then decoded and re-encoded as a JPEG of at most 1600 px, which also drops EXIF (GPS, camera data).

export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type from the magic bytes, or null when the bytes are not a PNG, JPEG or WebP. */
export function sniffImageType(bytes: Buffer): SniffedImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface ProcessedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Decompression bombs are refused before decoding (about 8,000 × 6,000 px). */
const MAX_INPUT_PIXELS = 50_000_000;

/** Decodes (PNG, JPEG, WebP or our own SVG placeholders), turns upright, fits in 1600 px and encodes a JPEG without metadata. */
export async function toStoredJpeg(input: Buffer): Promise<ProcessedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: PROPERTY_IMAGE_MAX_EDGE, height: PROPERTY_IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}
