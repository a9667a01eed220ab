/** @jsxRuntime automatic */
// The PDF skin's shared parts: page frame (header and footer), section titles, photos, fact tables and drawings.
import { Circle, G, Image, Line, Page, Path, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { NOT_AVAILABLE } from '@cma/valuation';
import type { FactLine } from '../build-input';
import type { ReportFrame } from '../content';
import type { Drawing, Shape } from '../drawings/shapes';
import { INK, MUTED, RULE, RISK_COLOURS, pdfText, tint } from '../theme';
import type { RiskFigure } from '../content';

export const PAGE_PADDING = 36;
/** The width inside the page margins (Letter is 612 pt wide). */
export const CONTENT_WIDTH = 612 - PAGE_PADDING * 2;

export const styles = StyleSheet.create({
  page: { paddingTop: 54, paddingBottom: 48, paddingHorizontal: PAGE_PADDING, fontFamily: 'Helvetica', fontSize: 9, color: INK },
  coverPage: { padding: 0, fontFamily: 'Helvetica', fontSize: 10, color: INK },
  pageHeader: { position: 'absolute', top: 18, left: PAGE_PADDING, right: PAGE_PADDING, flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1.5, paddingBottom: 5 },
  pageHeaderText: { fontSize: 8, fontFamily: 'Helvetica-Bold', letterSpacing: 0.5 },
  footer: { position: 'absolute', bottom: 18, left: PAGE_PADDING, right: PAGE_PADDING, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7.5, color: MUTED, borderTopWidth: 0.5, borderTopColor: RULE, paddingTop: 5 },
  h1: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  muted: { color: MUTED },
  row: { flexDirection: 'row' },
  factRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 3 },
  factLabel: { width: '45%', color: MUTED },
  factValue: { width: '55%', fontFamily: 'Helvetica-Bold' },
  paragraph: { fontSize: 9.5, lineHeight: 1.45, marginBottom: 6 },
  tableHead: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 4, fontFamily: 'Helvetica-Bold', fontSize: 8 },
  tableRow: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 4, borderBottomWidth: 0.5, borderBottomColor: RULE, fontSize: 8.5 },
});

/** Text the built-in Helvetica can draw. */
export const t = (text: string) => pdfText(text);

// A page never sets wrap={false}: React-PDF then cuts the page to its content's height (a short, non-Letter page).
export function PageFrame({ frame, title, children }: { frame: ReportFrame; title: string; children: ReactNode }) {
  const colour = frame.palette.brandText;
  return (
    <Page size="LETTER" style={styles.page}>
      <View style={[styles.pageHeader, { borderBottomColor: frame.palette.brand }]} fixed>
        <Text style={[styles.pageHeaderText, { color: colour }]}>{t(frame.reportName)}</Text>
        <Text style={[styles.pageHeaderText, { color: MUTED }]}>{t(title)}</Text>
      </View>
      {children}
      <View style={styles.footer} fixed>
        <Text>{t(frame.address)}</Text>
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

export function SectionTitle({ frame, children }: { frame: ReportFrame; children: string }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginTop: 12, marginBottom: 6 }} minPresenceAhead={60}>
      <View style={{ width: 4, height: 14, backgroundColor: frame.palette.brand, marginRight: 6 }} />
      <Text style={{ fontSize: 12, fontFamily: 'Helvetica-Bold', color: INK }}>{t(children)}</Text>
    </View>
  );
}

/** A photo, or a tinted box saying there is none (the PDF's grid keeps its columns even). */
export function Photo({ src, width, height, frame, label = 'Photo Not Available' }: { src: string | null | undefined; width: number | string; height: number; frame: ReportFrame; label?: string }) {
  if (!src) {
    return (
      <View style={{ justifyContent: 'center', alignItems: 'center', width, height, backgroundColor: frame.palette.tint }}>
        <Text style={{ color: MUTED, fontSize: 9 }}>{label}</Text>
      </View>
    );
  }
  return <Image src={src} style={{ width, height, objectFit: 'cover' }} />;
}

export function FactTable({ facts }: { facts: FactLine[] }) {
  return (
    <View>
      {facts.map((fact) => (
        <View key={fact.label} style={styles.factRow} wrap={false}>
          <Text style={styles.factLabel}>{t(fact.label)}</Text>
          <Text style={[styles.factValue, fact.value === NOT_AVAILABLE ? { color: MUTED, fontFamily: 'Helvetica' } : {}]}>{t(fact.value)}</Text>
        </View>
      ))}
    </View>
  );
}

export const riskStyle = (figure: RiskFigure | null) => (figure ? { backgroundColor: RISK_COLOURS[figure.risk].fill, color: RISK_COLOURS[figure.risk].text } : {});
export { tint };

function ShapeOf({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'rect':
      return <Rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} rx={shape.rx} ry={shape.rx} fillOpacity={shape.opacity} />;
    case 'line':
      return <Line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} stroke={shape.stroke} strokeWidth={shape.strokeWidth} strokeDasharray={shape.dash} />;
    case 'circle':
      return <Circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} />;
    case 'path':
      return <Path d={shape.d} stroke={shape.stroke} strokeWidth={shape.strokeWidth} fill={shape.fill ?? 'none'} />;
    case 'text':
      return (
        <Text x={shape.x} y={shape.y} fill={shape.fill} textAnchor={shape.anchor ?? 'start'} style={{ fontSize: shape.size, fontFamily: shape.bold ? 'Helvetica-Bold' : 'Helvetica' }}>
          {t(shape.text)}
        </Text>
      );
  }
}

/** A drawing (drawings/*.ts) in React-PDF's SVG, over its background picture when it has one. */
export function PdfDrawing({ drawing }: { drawing: Drawing }) {
  const svg = (
    <Svg width={drawing.width} height={drawing.height} style={drawing.background ? { position: 'absolute', top: 0, left: 0 } : undefined}>
      <G>
        {drawing.shapes.map((shape, i) => (
          <ShapeOf key={i} shape={shape} />
        ))}
      </G>
    </Svg>
  );
  if (!drawing.background) return svg;
  return (
    <View style={{ width: drawing.width, height: drawing.height, position: 'relative' }}>
      <Image src={drawing.background} style={{ width: drawing.width, height: drawing.height }} />
      {svg}
    </View>
  );
}
