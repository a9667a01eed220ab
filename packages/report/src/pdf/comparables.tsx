/** @jsxRuntime automatic */
// The PDF's comparables grid: the subject and three comparables a page, facts then adjustments feature by feature.
import { Text, View } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import { NOT_AVAILABLE } from '@cma/valuation';
import type { ComparableCard, ComparablesContent, ReportFrame, RiskFigure } from '../content';
import { INK, MUTED, PAPER_TINT, RISK_COLOURS, RULE } from '../theme';
import { PageFrame, Photo, riskStyle, styles, t, tint, CONTENT_WIDTH } from './frame';

const COMPS_PER_GRID_PAGE = 3;
const LABEL_WIDTH = 108;
const COLUMN_WIDTH = (CONTENT_WIDTH - LABEL_WIDTH) / (COMPS_PER_GRID_PAGE + 1);
const cell = { paddingHorizontal: 4, paddingVertical: 2.5, fontSize: 7.5, borderBottomWidth: 0.5, borderBottomColor: RULE, textAlign: 'center' as const };
const label = { paddingHorizontal: 4, paddingVertical: 2.5, fontSize: 7.5, borderBottomWidth: 0.5, borderBottomColor: RULE, color: MUTED, width: LABEL_WIDTH };

function Cell({ text, strong = false, colour, background }: { text: string; strong?: boolean; colour?: string; background?: string }) {
  return <Text style={[cell, { width: COLUMN_WIDTH, backgroundColor: background }, strong ? { fontFamily: 'Helvetica-Bold' } : {}, text === NOT_AVAILABLE ? { color: MUTED } : colour ? { color: colour } : {}]}>{t(text)}</Text>;
}

function Risk({ figure }: { figure: RiskFigure | null }) {
  if (!figure) return <Cell text={NOT_AVAILABLE} />;
  return (
    <View style={[cell, { width: COLUMN_WIDTH, alignItems: 'center' }]}>
      <Text style={[{ paddingHorizontal: 5, paddingVertical: 1.5, fontFamily: 'Helvetica-Bold', borderRadius: 2 }, riskStyle(figure)]}>{figure.text}</Text>
    </View>
  );
}

function Adjustment({ comp, style }: { comp: ComparableCard; style: string }) {
  const adjustment = comp.adjustments[style];
  if (!adjustment) return <Cell text={NOT_AVAILABLE} />;
  // Two sibling cells rather than a row inside a cell: fewer layout nodes on the biggest pages.
  return (
    <>
      <Text style={[cell, { width: COLUMN_WIDTH * 0.56, textAlign: 'left', paddingRight: 0, color: adjustment.value === NOT_AVAILABLE ? MUTED : INK }]}>{t(adjustment.value)}</Text>
      <Text style={[cell, { width: COLUMN_WIDTH * 0.44, textAlign: 'right', paddingLeft: 0, fontFamily: 'Helvetica-Bold', color: adjustment.sign > 0 ? '#2e7d32' : adjustment.sign < 0 ? '#c62828' : MUTED }]}>{t(adjustment.amount)}</Text>
    </>
  );
}

function GridRow({ name, subject, children, strong, topRule }: { name: string; subject: string; children: ReactNode; strong?: boolean; topRule?: string }) {
  return (
    <View style={[styles.row, topRule ? { borderTopWidth: 1, borderTopColor: topRule } : {}]} wrap={false}>
      <Text style={[label, strong ? { fontFamily: 'Helvetica-Bold', color: INK } : {}]}>{t(name)}</Text>
      <Cell text={subject} strong={strong && subject !== '-'} background={PAPER_TINT} />
      {children}
    </View>
  );
}

function GridPage({ content, frame, comps, pageIndex, pageCount }: { content: ComparablesContent; frame: ReportFrame; comps: ComparableCard[]; pageIndex: number; pageCount: number }) {
  const { palette } = frame;
  return (
    <PageFrame frame={frame} title={`COMPARABLES ${pageIndex + 1} OF ${pageCount}`}>
      <Text style={styles.h1}>Comparable Sales</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>Each comparable is adjusted to the subject feature by feature: a positive amount means the subject has more of that feature.</Text>
      <View style={styles.row}>
        <View style={{ width: LABEL_WIDTH }} />
        {[null, ...comps].map((comp, i) => (
          <View key={i} style={{ width: COLUMN_WIDTH, paddingHorizontal: 2 }}>
            <View style={{ backgroundColor: comp ? palette.brand : INK, paddingVertical: 3, alignItems: 'center' }}>
              <Text style={{ color: comp ? palette.onBrand : '#ffffff', fontFamily: 'Helvetica-Bold', fontSize: 8 }}>{comp ? `COMPARABLE ${comp.number}` : 'SUBJECT'}</Text>
            </View>
            <Photo src={comp ? comp.photo : content.subjectPhoto} width="100%" height={62} frame={frame} label="No Photo" />
            <Text style={{ fontSize: 7.5, fontFamily: 'Helvetica-Bold', textAlign: 'center', marginTop: 3, minHeight: 20 }}>{t(comp ? comp.street : content.subjectStreet)}</Text>
          </View>
        ))}
      </View>
      {content.factRows.map((row) => (
        <GridRow key={row.label} name={row.label} subject={row.subject}>
          {comps.map((c) => (
            <Cell key={c.number} text={c.facts[row.label] ?? NOT_AVAILABLE} strong={row.strong} />
          ))}
        </GridRow>
      ))}
      <View style={[styles.row, { backgroundColor: tint(palette.brand, 0.88), marginTop: 4 }]}>
        <Text style={{ width: LABEL_WIDTH, fontFamily: 'Helvetica-Bold', fontSize: 8, padding: 3 }}>Adjustments</Text>
        <Text style={{ width: COLUMN_WIDTH, fontSize: 7, padding: 3, textAlign: 'center', color: INK }}>Subject value</Text>
        {comps.map((c) => (
          <Text key={c.number} style={{ width: COLUMN_WIDTH, fontSize: 7, padding: 3, textAlign: 'center', color: INK }}>
            Value / adjustment
          </Text>
        ))}
      </View>
      {content.adjustmentRows.map((row) => (
        <GridRow key={row.style} name={row.label} subject={row.subject}>
          {comps.map((c) => (
            <Fragment key={c.number}>{c.adjusted ? <Adjustment comp={c} style={row.style} /> : <Cell text={NOT_AVAILABLE} />}</Fragment>
          ))}
        </GridRow>
      ))}
      <GridRow name="Total adjustment" subject="-" strong topRule={palette.brand}>
        {comps.map((c) => <Cell key={c.number} text={c.totalAdjustment} strong />)}
      </GridRow>
      <GridRow name="Adjusted price" subject="-" strong>
        {comps.map((c) => <Cell key={c.number} text={c.adjustedPrice} strong colour={palette.brandText} />)}
      </GridRow>
      <GridRow name="Net adjustment" subject="-" strong>
        {comps.map((c) => <Risk key={c.number} figure={c.net} />)}
      </GridRow>
      <GridRow name="Gross adjustment" subject="-" strong>
        {comps.map((c) => <Risk key={c.number} figure={c.gross} />)}
      </GridRow>
      <View style={[styles.row, { marginTop: 8, alignItems: 'center' }]} wrap={false}>
        <Text style={{ fontSize: 7, color: MUTED, marginRight: 6 }}>Adjustment risk:</Text>
        {content.riskLegend.map((item) => (
          <View key={item.risk} style={[styles.row, { alignItems: 'center', marginRight: 10 }]}>
            <View style={{ width: 8, height: 8, backgroundColor: RISK_COLOURS[item.risk].fill, marginRight: 3 }} />
            <Text style={{ fontSize: 7, color: MUTED }}>{item.label}</Text>
          </View>
        ))}
      </View>
      {comps
        .filter((c) => !c.adjusted)
        .map((c) => (
          <Text key={c.number} style={{ fontSize: 7.5, color: '#c62828', marginTop: 4 }}>
            {t(`Comparable ${c.number} is not adjusted: ${c.problem ?? NOT_AVAILABLE}`)}
          </Text>
        ))}
    </PageFrame>
  );
}

export function ComparablesPages({ content, frame }: { content: ComparablesContent; frame: ReportFrame }) {
  const pages: ComparableCard[][] = [];
  for (let i = 0; i < content.comparables.length; i += COMPS_PER_GRID_PAGE) pages.push(content.comparables.slice(i, i + COMPS_PER_GRID_PAGE));
  return (
    <>
      {pages.map((comps, i) => (
        <GridPage key={i} content={content} frame={frame} comps={comps} pageIndex={i} pageCount={pages.length} />
      ))}
    </>
  );
}
