import sharp from 'sharp';
import { ACCOUNT_IMAGE_MAX_BYTES, ACCOUNT_IMAGE_TOO_LARGE_MESSAGE, ACCOUNT_IMAGE_TYPE_MESSAGE } from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import { sniffImageType } from '../../http/uploads';

export interface ProcessedImage {
  body: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

/**
 * Checks and re-encodes an uploaded picture: only PNG/JPEG/WebP by content, at most 5 MB, decoded and
 * re-encoded by sharp (which drops EXIF/GPS metadata), scaled to fit `maxSide`. Output is PNG when the
 * image has transparency (logos), JPEG otherwise — both formats the PDF report can embed.
 */
export async function processAccountImage(field: string, bytes: Buffer, maxSide: number): Promise<ProcessedImage> {
  if (bytes.length > ACCOUNT_IMAGE_MAX_BYTES) throw new ValidationError({ [field]: [ACCOUNT_IMAGE_TOO_LARGE_MESSAGE] });
  if (!sniffImageType(bytes)) throw new ValidationError({ [field]: [ACCOUNT_IMAGE_TYPE_MESSAGE] });
  try {
    // limitInputPixels guards against decompression bombs; rotate() applies the EXIF orientation before it is dropped.
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const { hasAlpha } = await image.metadata();
    if (hasAlpha) return { body: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png', extension: 'png' };
    return { body: await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg' };
  } catch {
    throw new ValidationError({ [field]: ['The image could not be read. Please upload another file.'] });
  }
}

/** A stored image as a data: URL (what user-details returns; see docs/decisions/0300). */
export function toDataUrl(key: string, body: Buffer): string {
  const contentType = key.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return `data:${contentType};base64,${body.toString('base64')}`;
}
