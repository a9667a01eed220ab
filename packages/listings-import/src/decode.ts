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

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // No BOM but ASCII text in UTF-16LE: every second byte is zero.
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le';
  return null;
}

/** How many of a file's first bytes encodingOf needs to decide as it would on the whole file. */
export const ENCODING_HEAD_BYTES = 8;

/** The encoding a file's first bytes show (BOM, or ASCII's shape in UTF-16/32); else UTF-8, which may prove wrong. */
export function encodingOf(head: Uint8Array): Exclude<TextEncodingName, 'windows-1252'> {
  return utf32Encoding(head) ?? utf16Encoding(head) ?? 'utf-8';
}

export interface ChunkDecoder {
  /** The text of the next bytes (a character cut at the end waits for the next call); `final`: no more bytes. */
  decode(bytes: Uint8Array, final: boolean): string;
}

/**
 * Decodes a file piece by piece, its BOM dropped. For 'utf-8' it throws a TypeError at the first bytes that are not
 * UTF-8: the file is then Windows-1252 and is to be decoded again from its start (decodeListingsBytes's rule).
 */
export function createChunkDecoder(encoding: TextEncodingName): ChunkDecoder {
  if (encoding === 'utf-32le' || encoding === 'utf-32be') return new Utf32Decoder(encoding === 'utf-32le');
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  return { decode: (bytes, final) => decoder.decode(bytes, { stream: !final }) };
}

/** UTF-16 code units decoded per String.fromCharCode call (well under engines' argument limits). */
const UNITS_PER_CALL = 8192;

/**
 * UTF-32, which TextDecoder does not know, decoded as TextDecoder decodes the others: the BOM dropped, a value that
 * is no Unicode scalar (over U+10FFFF, or a surrogate) and trailing bytes short of four each become U+FFFD.
 */
class Utf32Decoder implements ChunkDecoder {
  /** Bytes of a character cut at the end of the last piece. */
  private carry = new Uint8Array(0);
  private started = false;
  private readonly units = new Uint16Array(UNITS_PER_CALL + 1);

  constructor(private readonly littleEndian: boolean) {}

  decode(bytes: Uint8Array, final: boolean): string {
    let input = bytes;
    if (this.carry.length > 0) {
      input = new Uint8Array(this.carry.length + bytes.length);
      input.set(this.carry);
      input.set(bytes, this.carry.length);
    }
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    const whole = input.length - (input.length % 4);
    let at = 0;
    if (!this.started && whole > 0) {
      this.started = true;
      if (view.getUint32(0, this.littleEndian) === 0xfeff) at = 4;
    }
    const pieces: string[] = [];
    const units = this.units;
    let used = 0;
    for (; at < whole; at += 4) {
      const value = view.getUint32(at, this.littleEndian);
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
    this.carry = input.slice(whole);
    if (final && this.carry.length > 0) {
      units[used++] = 0xfffd;
      this.carry = new Uint8Array(0);
    }
    pieces.push(String.fromCharCode.apply(null, units.subarray(0, used) as unknown as number[]));
    return pieces.length === 1 ? pieces[0]! : pieces.join('');
  }
}

/** Decode a whole file; the BOM, if any, is dropped. */
export function decodeListingsBytes(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const encoding = encodingOf(bytes);
  try {
    return { text: createChunkDecoder(encoding).decode(bytes, true), encoding };
  } catch {
    return { text: createChunkDecoder('windows-1252').decode(bytes, true), encoding: 'windows-1252' };
  }
}

export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  return decodeListingsBytes(bytes).encoding;
}
