// A drawing as plain shapes: the charts and maps are computed once (drawings/*.ts) and each skin only maps these shapes
// to its primitives — React-PDF's Svg in the PDF, SVG elements on the live page (pdf/drawing.tsx, live/drawing.tsx).

export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: string; stroke?: string; strokeWidth?: number; rx?: number; opacity?: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; strokeWidth: number; dash?: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string; strokeWidth?: number }
  | { kind: 'path'; d: string; stroke?: string; strokeWidth?: number; fill?: string }
  | { kind: 'text'; x: number; y: number; text: string; size: number; fill: string; anchor?: 'start' | 'middle' | 'end'; bold?: boolean };

export interface Drawing {
  width: number;
  height: number;
  /** What the drawing shows, in words (the live page's aria-label). */
  label: string;
  /** A picture under the shapes (the street map's tiles), as a data URL. */
  background?: string;
  shapes: Shape[];
}

/** How big a skin draws: its size and its text size (a phone screen needs larger text in the same units). */
export interface DrawingScale {
  width: number;
  height: number;
  /** The body text size of the drawing's labels. */
  font: number;
}
