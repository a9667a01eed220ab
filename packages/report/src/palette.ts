// The report's one brand palette (issue 29): the PDF, the live page and the e-mail read the agent's colour through it,
// so one colour never gets white text in one and ink in another. Text on the brand colour is chosen by WCAG contrast.
// No imports: the server's e-mail templates and the web take it without the rest of the report.

export const INK = '#1f2933';
export const WHITE = '#ffffff';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const FALLBACK = '#0070c0';

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: [number, number, number]) => `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes a hex colour with white; amount 0 = the colour, 1 = white. */
export function tint(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => Math.round(c + (255 - c) * amount)) as [number, number, number]);
}

/** The colour darkened (mixed with black) just enough to read on white (4.5:1); ink when nothing does. */
function darkenForWhite(hex: string): string {
  for (let k = 0; k <= 1; k += 0.05) {
    const candidate = toHex(channels(hex).map((c) => Math.round(c * (1 - k))) as [number, number, number]);
    if (contrastRatio(candidate, WHITE) >= 4.5) return candidate;
  }
  return INK;
}

export interface BrandPalette {
  /** The agent's colour: bands, bars, rules. */
  brand: string;
  /** Text on the brand colour: white or ink, whichever contrasts more. */
  onBrand: string;
  /** The brand colour for headings, figures and links on white: darkened until it reads (4.5:1). */
  brandText: string;
  /** Light fills: a panel behind figures, and the faintest background. */
  tint: string;
  faint: string;
}

/** The palette of an agent's colour (#rrggbb; anything else is the default colour). */
export function brandPalette(colour: string): BrandPalette {
  const brand = HEX_COLOUR.test(colour) ? colour.toLowerCase() : FALLBACK;
  return {
    brand,
    onBrand: contrastRatio(brand, WHITE) >= contrastRatio(brand, INK) ? WHITE : INK,
    brandText: contrastRatio(brand, WHITE) >= 4.5 ? brand : darkenForWhite(brand),
    tint: tint(brand, 0.9),
    faint: tint(brand, 0.95),
  };
}
