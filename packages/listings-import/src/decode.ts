// Bytes → text for uploaded exports: UTF-8 (with or without BOM), UTF-16 (Excel "Unicode Text"), and
// Windows-1252 for old exports that are not valid UTF-8. Uses only TextDecoder (browser and Node).

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

function utf16Encoding(bytes: Uint8Array): TextEncodingName | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // No BOM but ASCII text in UTF-16LE: every second byte is zero.
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le';
  return null;
}

/** Decode a whole file; the BOM, if any, is dropped. */
export function decodeListingsBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const utf16 = utf16Encoding(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  return decodeListingsBytes(bytes).encoding;
}
