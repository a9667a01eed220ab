import { ACCOUNT_IMAGE_MAX_BYTES, ACCOUNT_IMAGE_TOO_LARGE_MESSAGE, ACCOUNT_IMAGE_TYPE_MESSAGE } from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import { sniffImageType } from '../../http/uploads';
import { reencodeImage, type ReencodedImage } from '../../shared/reencode-image';

export const PROFILE_IMAGE_MAX_SIDE = 512;
/** Business and brokerage logos. */
export const LOGO_MAX_SIDE = 800;

/**
 * Checks and re-encodes an uploaded picture: only PNG/JPEG/WebP by content, at most 5 MB, then re-encoded
 * (no metadata, nothing appended) to fit `maxSide`.
 */
export async function processAccountImage(field: string, bytes: Buffer, maxSide: number): Promise<ReencodedImage> {
  if (bytes.length > ACCOUNT_IMAGE_MAX_BYTES) throw new ValidationError({ [field]: [ACCOUNT_IMAGE_TOO_LARGE_MESSAGE] });
  if (!sniffImageType(bytes)) throw new ValidationError({ [field]: [ACCOUNT_IMAGE_TYPE_MESSAGE] });
  try {
    return await reencodeImage(bytes, maxSide);
  } catch {
    throw new ValidationError({ [field]: ['The image could not be read. Please upload another file.'] });
  }
}

/** A stored image as a data: URL (what user-details returns; see docs/decisions/0300). */
export function toDataUrl(key: string, body: Buffer): string {
  const contentType = key.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return `data:${contentType};base64,${body.toString('base64')}`;
}
