import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// An MLS source's bearer token or client secret at rest (decision 2801): AES-256-GCM under a key derived from
// MLS_SECRET_KEY, bound to the source's name, or kept as it is (marked plain) when no key is set.

const SEALED = 'v1:';
const PLAIN = 'plain:';

export class MlsSecretError extends Error {}

const keyOf = (secretKey: string): Buffer => Buffer.from(hkdfSync('sha256', secretKey, 'cma-studio', 'mls-source-secret', 32));

/** The value to store: encrypted when `secretKey` is set. */
export function sealSecret(value: string, sourceName: string, secretKey: string | null): string {
  if (!secretKey) return PLAIN + value;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  cipher.setAAD(Buffer.from(sourceName));
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The stored value in clear; a sealed one needs the key it was sealed with. */
export function openSecret(stored: string, sourceName: string, secretKey: string | null): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new MlsSecretError(`MLS source ${sourceName}: its stored secret is not readable`);
  if (!secretKey) throw new MlsSecretError(`MLS source ${sourceName}: its secret is encrypted and MLS_SECRET_KEY is not set`);
  const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(sourceName));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new MlsSecretError(`MLS source ${sourceName}: its secret cannot be decrypted with this MLS_SECRET_KEY`);
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED);
