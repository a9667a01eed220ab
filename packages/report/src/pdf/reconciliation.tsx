/** @jsxRuntime automatic */
// The PDF's reconciliation page: the headline, each comparable's prices and weight, the chart, how the value was reached.
import { Text, View } from '@react-pdf/renderer';
import type { ReconciliationContent, ReportFrame } from '../content';
import { adjustedPriceDrawing } from '../drawings/charts';
import { MUTED } from '../theme';
import { CONTENT_WIDTH, PageFrame, PdfDrawing, SectionTitle, riskStyle, styles, t } from './frame';

export function ReconciliationPage({ content, frame }: { content: ReconciliationContent; frame: ReportFrame }) {
  const { palette, headline } = frame;
  // With the market model's section too, the chart is shorter: the page still holds everything.
  const chart = adjustedPriceDrawing(content.chart, { width: CONTENT_WIDTH, height: content.rows.length > 6 || content.marketModel ? 150 : 190, font: 7 }, palette);
  return (
    <PageFrame frame={frame} title="RECONCILIATION">
      <Text style={styles.h1}>Reconciliation and Suggested Price</Text>
      <View style={[styles.row, { marginTop: 6, marginBottom: 10 }]}>
        <View style={{ flexGrow: 1, backgroundColor: palette.brand, padding: 14, marginRight: 8 }}>
          <Text style={{ color: palette.onBrand, fontSize: 8, letterSpacing: 1 }}>{headline.rangeLabel.toUpperCase()}</Text>
          <Text style={{ color: palette.onBrand, fontSize: 20, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{t(headline.rangeText)}</Text>
          <Text style={{ color: palette.onBrand, fontSize: 7.5, marginTop: 4 }}>{t(headline.rangeNote)}</Text>
        </View>
        <View style={{ width: 190, backgroundColor: palette.tint, padding: 14 }}>
          <Text style={{ fontSize: 8, letterSpacing: 1, color: MUTED }}>{headline.valueLabel.toUpperCase()}</Text>
          <Text style={{ fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{t(headline.valueText)}</Text>
          <Text style={{ fontSize: 7.5, color: MUTED, marginTop: 4 }}>{t(headline.basedOn)}</Text>
        </View>
      </View>
      <View style={[styles.tableHead, { backgroundColor: palette.tint }]}>
        <Text style={{ width: 24 }}>#</Text>
        <Text style={{ flexGrow: 1 }}>Comparable</Text>
        <Text style={{ width: 80, textAlign: 'right' }}>Net sales price</Text>
        <Text style={{ width: 80, textAlign: 'right' }}>Adjusted price</Text>
        <Text style={{ width: 50, textAlign: 'right' }}>Gross</Text>
        <Text style={{ width: 50, textAlign: 'right' }}>Weight</Text>
      </View>
      {content.rows.map((row) => (
        <View key={row.number} style={styles.tableRow} wrap={false}>
          <Text style={{ width: 24, fontFamily: 'Helvetica-Bold', color: palette.brandText }}>{String(row.number)}</Text>
          <Text style={{ flexGrow: 1, flexBasis: 0 }}>{t(row.street)}</Text>
          <Text style={{ width: 80, textAlign: 'right' }}>{t(row.salePrice)}</Text>
          <Text style={{ width: 80, textAlign: 'right', fontFamily: 'Helvetica-Bold' }}>{t(row.adjustedPrice)}</Text>
          <View style={{ width: 50, alignItems: 'flex-end' }}>
            <Text style={[{ paddingHorizontal: 3, borderRadius: 2 }, row.gross ? riskStyle(row.gross) : { color: MUTED }]}>{row.gross?.text ?? 'Not Available'}</Text>
          </View>
          <Text style={{ width: 50, textAlign: 'right' }}>{row.weight}</Text>
        </View>
      ))}
      <View style={{ marginTop: 14 }} wrap={false}>
        <SectionTitle frame={frame}>Adjusted Prices</SectionTitle>
        <PdfDrawing drawing={chart} />
      </View>
      <SectionTitle frame={frame}>How the Value Was Reached</SectionTitle>
      <Text style={styles.paragraph}>{t(content.weighting)}</Text>
      {content.explanation ? <Text style={[styles.paragraph, { color: MUTED, fontSize: 8 }]}>{t(content.explanation)}</Text> : null}
      {content.marketModel && (
        <View wrap={false} style={{ marginTop: 6 }}>
          <SectionTitle frame={frame}>Market Model</SectionTitle>
          <Text style={styles.paragraph}>{t(content.marketModel.sentence)}</Text>
          <Text style={[styles.paragraph, { color: MUTED, fontSize: 8 }]}>{t(content.marketModel.rangeExplanation)}</Text>
        </View>
      )}
    </PageFrame>
  );
}
