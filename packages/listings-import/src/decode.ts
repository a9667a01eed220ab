// Bytes → text for uploaded exports: UTF-8 (with or without BOM), UTF-16 (Excel "Unicode Text"), UTF-32, and
// Windows-1252 for old exports that are not valid UTF-8. TextDecoder (browser and Node) does all but UTF-32, which
// it does not know: that is decoded here.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'windows-1252';

/** UTF-32 by its BOM, or, without one, by ASCII text written four bytes a character (a CSV never starts with NUL). */
function utf32Encoding(bytes: Uint8Array): 'utf-32le' | 'utf-32be' | null {
  if (bytes.length < 4) return null;
  const [b0, b1, b2, b3] = bytes as unknown as [number, number, number, number];
  // FF FE 00 00 is also UTF-16LE's BOM followed by a NUL: checked first, as a CSV holds no NUL.
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return 'utf-32le';
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return 'utf-32be';
  if (bytes.length >= 8 && b0 !== 0 && b1 === 0 && b2 === 0 && b3 === 0 && bytes[4] !== 0 && bytes[5] === 0 && bytes[6] === 0 && bytes[7] === 0) return 'utf-32le';
  if (bytes.length >= 8 && b0 === 0 && b1 === 0 && b2 === 0 && b3 !== 0 && bytes[4] === 0 && bytes[5] === 0 && bytes[6] === 0 && bytes[7] !== 0) return 'utf-32be';
  return null;
}

function utf16Encoding(bytes: Uint8Array): TextEncodingName | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // No BOM but ASCII text in UTF-16LE: every second byte is zero.
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le';
  return null;
}

/** UTF-16 code units decoded per String.fromCharCode call (well under engines' argument limits). */
const UNITS_PER_CALL = 8192;

/**
 * UTF-32 → text, as TextDecoder does for the encodings it knows: the BOM dropped, a value that is no Unicode scalar
 * (over U+10FFFF, or a surrogate) and trailing bytes short of four each become U+FFFD.
 */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.length - (bytes.length % 4);
  const pieces: string[] = [];
  const units = new Uint16Array(UNITS_PER_CALL + 1);
  let used = 0;
  for (let at = view.getUint32(0, littleEndian) === 0xfeff ? 4 : 0; at < whole; at += 4) {
    const value = view.getUint32(at, littleEndian);
    if (value < 0x10000) {
      units[used++] = value >= 0xd800 && value <= 0xdfff ? 0xfffd : value;
    } else if (value <= 0x10ffff) {
      units[used++] = 0xd800 + ((value - 0x10000) >> 10);
      units[used++] = 0xdc00 + ((value - 0x10000) & 0x3ff);
    } else {
      units[used++] = 0xfffd;
    }
    if (used >= UNITS_PER_CALL) {
      pieces.push(String.fromCharCode.apply(null, units.subarray(0, used) as unknown as number[]));
      used = 0;
    }
  }
  if (whole < bytes.length) units[used++] = 0xfffd;
  pieces.push(String.fromCharCode.apply(null, units.subarray(0, used) as unknown as number[]));
  return pieces.join('');
}

/** Decode a whole file; the BOM, if any, is dropped. */
export function decodeListingsBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const utf32 = utf32Encoding(bytes);
  if (utf32) return { text: decodeUtf32(bytes, utf32 === 'utf-32le'), encoding: utf32 };
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
