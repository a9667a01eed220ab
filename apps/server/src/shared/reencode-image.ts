import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';

// Every picture a user sends is decoded and encoded again before it is stored or mailed: that drops EXIF/GPS and any
// bytes appended after the image (a script, a ZIP payload), and refuses what does not decode.

export interface ReencodedImage {
  body: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

// Each upload is decoded once: libvips's operation cache (50 MB by default) would only hold memory between requests.
sharp.cache(false);

/**
 * Decoding is what costs memory (about 40 MB per picture in flight), so at most one picture per core is decoded at a
 * time, whatever the number of parallel uploads: the others wait on disk (decision 2003).
 */
export const decodeSlot = pLimit(Math.max(1, availableParallelism()));

/** Decompression bombs are refused before decoding (about 8,000 × 5,000 px). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Bytes or a file path → upright, fitted inside `maxSide`, as PNG or JPEG (both formats the PDF report and every mail
 * client show); 'auto' picks PNG when the image has transparency (logos). Throws when the input is not a readable image.
 */
export function reencodeImage(input: Buffer | string, maxSide: number, format: 'auto' | 'png' | 'jpeg' = 'auto'): Promise<ReencodedImage> {
  return decodeSlot(() => reencode(input, maxSide, format));
}

async function reencode(input: Buffer | string, maxSide: number, format: 'auto' | 'png' | 'jpeg'): Promise<ReencodedImage> {
  // rotate() applies the EXIF orientation before the metadata is dropped.
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  const { hasAlpha } = await image.metadata();
  if (format === 'png' || (format === 'auto' && hasAlpha)) return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png', extension: 'png' };
  return { body: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg' };
}
