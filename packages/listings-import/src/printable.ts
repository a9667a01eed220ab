// File text (headers, problem messages quoting cells) shown on a terminal: a file may hold escape sequences that
// would clear the screen, recolour or rewrite what the admin reads. Pure: the callers print.

const NAMED_ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * The text with every control character (C0, DEL, C1) and bidirectional override shown as a visible escape
 * ('\x1b', '\u202e'), and a lone surrogate as U+FFFD; other text unchanged.
 */
export function printableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) return '\ufffd';
    return NAMED_ESCAPES[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}
