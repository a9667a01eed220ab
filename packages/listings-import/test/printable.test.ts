import { describe, expect, it } from 'vitest';
import { printableText } from '../src/printable';

describe('printableText: file text safe to print on a terminal', () => {
  it.each([
    ['\u001b[2J\u001b[31mListing ID', '\\x1b[2J\\x1b[31mListing ID'],
    ['bell\u0007 nul\u0000 del\u007f c1\u009b', 'bell\\x07 nul\\x00 del\\x7f c1\\x9b'],
    ['tab\there\r\nnext', 'tab\\there\\r\\nnext'],
    ['right-to-left \u202egnp.exe', 'right-to-left \\u202egnp.exe'],
    ['lone \ud800 surrogate', 'lone \ufffd surrogate'],
    ['Café 🏡 中, "quoted", back\\slash', 'Café 🏡 中, "quoted", back\\slash'],
  ])('%j', (text, shown) => {
    expect(printableText(text)).toBe(shown);
  });
});
