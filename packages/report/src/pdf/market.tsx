/** @jsxRuntime automatic */
// The PDF's location and charts page, market statistics page and seller net sheet.
import { Text, View } from '@react-pdf/renderer';
import type { MapContent, MarketStatisticsContent, NetSheetContent, ReportFrame } from '../content';
import { monthlyDrawing, pricePerSqftDrawing } from '../drawings/charts';
import { locationDrawing } from '../drawings/maps';
import { REPORT_MAP_SIZE } from '../report-map';
import { MUTED, PAPER_TINT, RULE } from '../theme';
import { CONTENT_WIDTH, PageFrame, PdfDrawing, SectionTitle, styles, t } from './frame';

export function MapPage({ content, frame }: { content: MapContent; frame: ReportFrame }) {
  return (
    <PageFrame frame={frame} title="LOCATION AND MARKET">
      <Text style={styles.h1}>Location of the Comparables</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>{content.caption}</Text>
      <PdfDrawing drawing={locationDrawing(content.location, { ...REPORT_MAP_SIZE, font: 8 }, frame.palette)} />
      <View style={[styles.row, { flexWrap: 'wrap', marginTop: 6 }]}>
        {content.legend.map((c) => (
          <Text key={c.number} style={{ width: '50%', fontSize: 8, paddingVertical: 1.5 }}>
            {t(`${c.number}. ${c.street} - ${c.distance}`)}
          </Text>
        ))}
      </View>
      <View wrap={false}>
        <SectionTitle frame={frame}>Price per Square Foot vs Size</SectionTitle>
        <PdfDrawing drawing={pricePerSqftDrawing(content.pricePerSqft, { width: CONTENT_WIDTH, height: 200, font: 7 }, frame.palette)} />
      </View>
    </PageFrame>
  );
}

export function MarketStatisticsPage({ content, frame }: { content: MarketStatisticsContent; frame: ReportFrame }) {
  const { palette } = frame;
  return (
    <PageFrame frame={frame} title="MARKET STATISTICS">
      <Text style={styles.h1}>Market Statistics</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>{t(content.summary)}</Text>
      <View style={[styles.row, { flexWrap: 'wrap' }]}>
        {content.figures.map((figure) => (
          <View key={figure.label} style={{ width: '33.33%', padding: 8, borderWidth: 0.5, borderColor: RULE, backgroundColor: figure.value ? '#ffffff' : PAPER_TINT }} wrap={false}>
            <Text style={{ fontSize: 7.5, color: MUTED, letterSpacing: 0.5 }}>{t(figure.label.toUpperCase())}</Text>
            <Text style={{ fontSize: 15, fontFamily: 'Helvetica-Bold', color: figure.value ? palette.brandText : MUTED, marginTop: 3 }}>{t(figure.value ?? 'Not Available')}</Text>
            <Text style={{ fontSize: 7, color: MUTED, marginTop: 2 }}>{t(figure.basis)}</Text>
          </View>
        ))}
      </View>
      <Text style={{ fontSize: 7.5, color: MUTED, marginTop: 4 }}>{t(content.footnote)}</Text>
      {content.charts.map((series) => (
        <View key={series.title} wrap={false}>
          <SectionTitle frame={frame}>{series.title}</SectionTitle>
          <PdfDrawing drawing={monthlyDrawing(series, { width: CONTENT_WIDTH, height: 105, font: 6.8 }, palette)} />
        </View>
      ))}
    </PageFrame>
  );
}

export function NetSheetPage({ content, frame }: { content: NetSheetContent; frame: ReportFrame }) {
  const { palette } = frame;
  return (
    <PageFrame frame={frame} title="SELLER NET SHEET">
      <Text style={styles.h1}>Estimated Seller Net Proceeds</Text>
      <Text style={[styles.muted, { marginBottom: 10 }]}>{t(content.intro)}</Text>
      <View style={[styles.tableHead, { backgroundColor: palette.brand }]}>
        <Text style={{ width: '34%', color: palette.onBrand }}> </Text>
        {content.columns.map((label) => (
          <Text key={label} style={{ width: '22%', textAlign: 'right', color: palette.onBrand }}>
            {label}
          </Text>
        ))}
      </View>
      {content.rows.map((row) => (
        <View key={row.label} style={[styles.tableRow, { fontSize: 10, paddingVertical: 6 }]}>
          <Text style={{ width: '34%', fontFamily: row.strong ? 'Helvetica-Bold' : 'Helvetica' }}>{t(row.label)}</Text>
          {row.values.map((v, i) => (
            <Text key={i} style={{ width: '22%', textAlign: 'right', fontFamily: row.strong ? 'Helvetica-Bold' : 'Helvetica' }}>
              {t(v)}
            </Text>
          ))}
        </View>
      ))}
      <View style={[styles.row, { paddingVertical: 10, paddingHorizontal: 4, backgroundColor: palette.tint, marginTop: 2 }]}>
        <Text style={{ width: '34%', fontFamily: 'Helvetica-Bold', fontSize: 11 }}>Estimated net proceeds</Text>
        {content.net.map((net, i) => (
          <Text key={i} style={{ width: '22%', textAlign: 'right', fontFamily: 'Helvetica-Bold', fontSize: 12, color: net.negative ? '#c62828' : palette.brandText }}>
            {t(net.text)}
          </Text>
        ))}
      </View>
      <Text style={[styles.paragraph, { marginTop: 14, color: MUTED, fontSize: 8.5 }]}>{t(content.footnote)}</Text>
    </PageFrame>
  );
}
