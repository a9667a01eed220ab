/** @jsxRuntime automatic */
// The live page's small parts: photos served by the page's own origin, sections named by their heading, fact lists,
// risk badges and drawings as inline SVG.
import type { ReactNode } from 'react';
import { NOT_AVAILABLE } from '@cma/valuation';
import type { RiskFigure } from '../content';
import type { Drawing, Shape } from '../drawings/shapes';
import { RISK_COLOURS } from '../theme';

/** Where the page's pictures are: each picture's index in livePagePhotos and the URL it is served from. */
export interface LivePictures {
  photos: string[];
  photoUrl: (index: number) => string;
}

/** A photo the page has, or nothing at all: the live page never shows an empty "Photo Not Available" box. */
export function Photo({ src, alt, pictures, className, eager, width, height }: { src: string | null | undefined; alt: string; pictures: LivePictures; className: string; eager?: boolean; width: number; height: number }) {
  const index = src ? pictures.photos.indexOf(src) : -1;
  if (index < 0) return null;
  return (
    <img
      className={className}
      src={pictures.photoUrl(index)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

export function RiskBadge({ figure, label }: { figure: RiskFigure | null; label: string }) {
  if (!figure) return <span className="muted">{NOT_AVAILABLE}</span>;
  const colours = RISK_COLOURS[figure.risk];
  return (
    <span className="badge" style={{ background: colours.fill, color: colours.text }} title={`${label}: ${figure.riskLabel} adjustment`}>
      {figure.text}
    </span>
  );
}

/** A section of the live page, named by its heading (aria-labelledby). */
export function LiveSection({ id, className, title, children }: { id: string; className?: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function FactList({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <dl className="facts">
      {facts.map((f) => (
        <div key={f.label} className="facts__row">
          <dt>{f.label}</dt>
          <dd className={f.value === NOT_AVAILABLE ? 'muted' : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ShapeOf({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'rect':
      return <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} rx={shape.rx} fillOpacity={shape.opacity} />;
    case 'line':
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={shape.stroke} strokeWidth={shape.strokeWidth} strokeDasharray={shape.dash} />;
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} />;
    case 'path':
      return <path d={shape.d} stroke={shape.stroke} strokeWidth={shape.strokeWidth} fill={shape.fill ?? 'none'} />;
    case 'text':
      return (
        <text x={shape.x} y={shape.y} fill={shape.fill} fontSize={shape.size} textAnchor={shape.anchor ?? 'start'} fontWeight={shape.bold ? 700 : undefined}>
          {shape.text}
        </text>
      );
  }
}

/** A drawing (drawings/*.ts) as inline SVG; its background picture is served by the page like the photos. */
export function SvgDrawing({ drawing, pictures, className = '' }: { drawing: Drawing; pictures: LivePictures; className?: string }) {
  const background = drawing.background ? pictures.photos.indexOf(drawing.background) : -1;
  return (
    <svg className={`chart ${className}`} viewBox={`0 0 ${drawing.width} ${drawing.height}`} role="img" aria-label={drawing.label}>
      {background >= 0 ? <image href={pictures.photoUrl(background)} x={0} y={0} width={drawing.width} height={drawing.height} preserveAspectRatio="none" /> : null}
      {drawing.shapes.map((shape, i) => (
        <ShapeOf key={i} shape={shape} />
      ))}
    </svg>
  );
}
