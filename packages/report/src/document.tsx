/** @jsxRuntime automatic */
// The CMA report as one React-PDF document, rendered the same in the browser and on the server.
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import type { ComparableView, FactLine, PropertyView, ReportDocumentInput } from './build-input';
import { CUSTOM_PAGE_PREFIX, isBuiltInPageId, type BuiltInPageId } from './pages';
import { CUSTOM_PAGE_PLACEHOLDER_SIZE } from './custom-pages';
import { AdjustedPriceChart, MonthlyChart, PricePerSqftChart, StreetMap } from './graphics';
import { REPORT_MAP_SIZE } from './report-map';
import { hiddenModelSentence, marketModelSentence } from './value-sentences';
import { NOT_AVAILABLE, formatCount, formatNumber, NET_SHEET_LABELS, type MarketFigure } from '@cma/valuation';
import { INK, MUTED, PAPER_TINT, RISK_COLOURS, RULE, isDark, miles, money, pdfText, percent, shortMoney, tint } from './theme';

/** Spec §1 legal text, printed in every report. */
export const LEGAL_PARAGRAPHS = [
  'This comparative market analysis is an approximate value of the property based on recent comparable sales. It is not a licensed appraisal and must not be relied on as one; for lending or legal purposes, consult a licensed appraiser.',
  'Multiple-listing (MLS) data imported into this report is used according to the listing provider\u2019s rules. Information is deemed reliable but not guaranteed and should be independently verified.',
  'CMA Studio never sells user information.',
] as const;

const COMPS_PER_GRID_PAGE = 3;
const PAGE_PADDING = 36;

const styles = StyleSheet.create({
  page: { paddingTop: 54, paddingBottom: 48, paddingHorizontal: PAGE_PADDING, fontFamily: 'Helvetica', fontSize: 9, color: INK },
  coverPage: { padding: 0, fontFamily: 'Helvetica', fontSize: 10, color: INK },
  pageHeader: { position: 'absolute', top: 18, left: PAGE_PADDING, right: PAGE_PADDING, flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1.5, paddingBottom: 5 },
  pageHeaderText: { fontSize: 8, fontFamily: 'Helvetica-Bold', letterSpacing: 0.5 },
  footer: { position: 'absolute', bottom: 18, left: PAGE_PADDING, right: PAGE_PADDING, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7.5, color: MUTED, borderTopWidth: 0.5, borderTopColor: RULE, paddingTop: 5 },
  h1: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  h2: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 6 },
  muted: { color: MUTED },
  row: { flexDirection: 'row' },
  factRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 3 },
  factLabel: { width: '45%', color: MUTED },
  factValue: { width: '55%', fontFamily: 'Helvetica-Bold' },
  paragraph: { fontSize: 9.5, lineHeight: 1.45, marginBottom: 6 },
  photoPlaceholder: { justifyContent: 'center', alignItems: 'center' },
  gridCell: { paddingHorizontal: 4, paddingVertical: 2.5, fontSize: 7.5, borderBottomWidth: 0.5, borderBottomColor: RULE, textAlign: 'center' },
  gridLabel: { paddingHorizontal: 4, paddingVertical: 2.5, fontSize: 7.5, borderBottomWidth: 0.5, borderBottomColor: RULE, color: MUTED },
  tableHead: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 4, fontFamily: 'Helvetica-Bold', fontSize: 8 },
  tableRow: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 4, borderBottomWidth: 0.5, borderBottomColor: RULE, fontSize: 8.5 },
});

const t = (text: string) => pdfText(text);

function PageFrame({ input, title, children, wrap = true }: { input: ReportDocumentInput; title: string; children: ReactNode; wrap?: boolean }) {
  return (
    <Page size="LETTER" style={styles.page} wrap={wrap}>
      <View style={[styles.pageHeader, { borderBottomColor: input.colour }]} fixed>
        <Text style={[styles.pageHeaderText, { color: input.colour }]}>{t(input.reportName)}</Text>
        <Text style={[styles.pageHeaderText, { color: MUTED }]}>{t(title)}</Text>
      </View>
      {children}
      <View style={styles.footer} fixed>
        <Text>{t(input.subject.fullAddress)}</Text>
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
    </Page>
  );
}

function SectionTitle({ colour, children }: { colour: string; children: string }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginTop: 12, marginBottom: 6 }} minPresenceAhead={60}>
      <View style={{ width: 4, height: 14, backgroundColor: colour, marginRight: 6 }} />
      <Text style={{ fontSize: 12, fontFamily: 'Helvetica-Bold', color: INK }}>{t(children)}</Text>
    </View>
  );
}

function Photo({ src, width, height, colour, label = 'Photo Not Available' }: { src: string | undefined; width: number | string; height: number; colour: string; label?: string }) {
  if (!src) {
    return (
      <View style={[styles.photoPlaceholder, { width, height, backgroundColor: tint(colour, 0.9) }]}>
        <Text style={{ color: tint(colour, 0.2), fontSize: 9 }}>{label}</Text>
      </View>
    );
  }
  return <Image src={src} style={{ width, height, objectFit: 'cover' }} />;
}

function FactTable({ facts }: { facts: FactLine[] }) {
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

function Cover({ input }: { input: ReportDocumentInput }) {
  const { colour, branding, subject } = input;
  const onColour = isDark(colour) ? '#ffffff' : INK;
  const contact = [branding.agentPhone, branding.agentEmail, branding.businessWebsite].filter(Boolean).join('   |   ');
  return (
    <Page size="LETTER" style={styles.coverPage}>
      <View style={{ backgroundColor: colour, paddingHorizontal: 48, paddingTop: 56, paddingBottom: 30 }}>
        <Text style={{ color: onColour, fontSize: 10, letterSpacing: 2, marginBottom: 10 }}>{t(input.reportDate.toUpperCase())}</Text>
        <Text style={{ color: onColour, fontSize: 28, fontFamily: 'Helvetica-Bold', lineHeight: 1.15 }}>{t(input.reportName)}</Text>
        {/* No client named yet: no "Prepared for" line rather than "Prepared for Not Available" on the cover. */}
        {input.clientName ? <Text style={{ color: onColour, fontSize: 12, marginTop: 12 }}>{`Prepared for ${t(input.clientName)}`}</Text> : null}
      </View>
      <View style={{ paddingHorizontal: 48, paddingTop: 28 }}>
        <Photo src={subject.photos[0]} width={516} height={300} colour={colour} />
        <Text style={{ fontSize: 9, color: MUTED, marginTop: 16, letterSpacing: 1.5 }}>SUBJECT PROPERTY</Text>
        <Text style={{ fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{t(subject.fullAddress)}</Text>
        {input.range && (
          <Text style={{ fontSize: 12, marginTop: 8, color: colour, fontFamily: 'Helvetica-Bold' }}>
            {`Suggested price range  ${money(input.range.start)} - ${money(input.range.end)}`}
          </Text>
        )}
        <View style={{ flexDirection: 'row', marginTop: 16, borderTopWidth: 0.5, borderTopColor: RULE, borderBottomWidth: 0.5, borderBottomColor: RULE }}>
          {['Bedrooms', 'Bathrooms', 'Above Grade Finished', 'Year Built', 'Lot Size'].map((label) => (
            <View key={label} style={{ flexGrow: 1, flexBasis: 0, paddingVertical: 8, alignItems: 'center' }}>
              <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold' }}>{t(factValue(subject, label))}</Text>
              <Text style={{ fontSize: 7.5, color: MUTED, marginTop: 2, letterSpacing: 0.5 }}>{label === 'Above Grade Finished' ? 'FINISHED SQ FT' : label.toUpperCase()}</Text>
            </View>
          ))}
        </View>
      </View>
      <View style={{ position: 'absolute', left: 48, right: 48, bottom: 40, flexDirection: 'row', alignItems: 'center', borderTopWidth: 2, borderTopColor: colour, paddingTop: 14 }}>
        {branding.headshot ? <Image src={branding.headshot} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 32, marginRight: 14 }} /> : null}
        {!branding.headshot && branding.logo ? <Image src={branding.logo} style={{ width: 90, height: 60, objectFit: 'contain', marginRight: 18 }} /> : null}
        <View style={{ flexGrow: 1, flexBasis: 0 }}>
          <Text style={{ fontSize: 9, color: MUTED, letterSpacing: 1.5 }}>PREPARED BY</Text>
          <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 3 }}>{t(branding.agentName || NOT_AVAILABLE)}</Text>
          {branding.licenceNumber ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(`Licence #${branding.licenceNumber}`)}</Text> : null}
          {branding.businessName ? <Text style={{ fontSize: 10, marginTop: 2 }}>{t(branding.businessName)}</Text> : null}
          {branding.businessAddress ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(branding.businessAddress)}</Text> : null}
          {contact ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(contact)}</Text> : null}
        </View>
        {/* With a headshot beside the name, the logos sit on the right: the agent's, then the brokerage's (co-branding). */}
        {branding.headshot && branding.logo ? <Image src={branding.logo} style={{ width: 90, height: 50, objectFit: 'contain', marginLeft: 12 }} /> : null}
        {branding.brokerageLogo ? <Image src={branding.brokerageLogo} style={{ width: 90, height: 50, objectFit: 'contain', marginLeft: 12 }} /> : null}
      </View>
    </Page>
  );
}

/** A letter to the client from the agent's template, placeholders filled (cover-letter.ts). */
function CoverLetterPage({ input }: { input: ReportDocumentInput }) {
  const { branding, colour } = input;
  const paragraphs = input.coverLetter.split(/\n\s*\n/);
  return (
    <PageFrame input={input} title="COVER LETTER">
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 24 }}>
        <View>
          <Text style={{ fontSize: 12, fontFamily: 'Helvetica-Bold', color: colour }}>{t(branding.businessName || branding.agentName)}</Text>
          {branding.businessAddress ? <Text style={{ color: MUTED, marginTop: 2 }}>{t(branding.businessAddress)}</Text> : null}
        </View>
        {branding.logo ? <Image src={branding.logo} style={{ width: 110, height: 50, objectFit: 'contain' }} /> : null}
      </View>
      <Text style={{ fontSize: 10, color: MUTED, marginBottom: 18 }}>{t(input.reportDate)}</Text>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={{ fontSize: 10.5, lineHeight: 1.55, marginBottom: 10 }}>
          {t(paragraph.trim())}
        </Text>
      ))}
      {branding.headshot ? <Image src={branding.headshot} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 28, marginTop: 8 }} /> : null}
      <Text style={{ fontSize: 9, color: MUTED, marginTop: 6 }}>{t([branding.licenceNumber ? `Licence #${branding.licenceNumber}` : '', branding.agentPhone, branding.agentEmail].filter(Boolean).join('   |   '))}</Text>
    </PageFrame>
  );
}

/** The agent's résumé page: headshot, name, tagline, licence, short bio and contact, with the brokerage's logo. */
function BioPage({ input }: { input: ReportDocumentInput }) {
  const { branding, colour } = input;
  const contact: FactLine[] = [
    { label: 'Phone', value: branding.agentPhone },
    { label: 'E-mail', value: branding.agentEmail },
    { label: 'Website', value: branding.businessWebsite },
    { label: 'Brokerage', value: branding.businessName },
    { label: 'Office', value: branding.businessAddress },
    { label: 'Licence number', value: branding.licenceNumber },
  ].filter((line) => line.value);
  return (
    <PageFrame input={input} title="ABOUT YOUR AGENT">
      <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: 18 }}>
        {branding.headshot ? <Image src={branding.headshot} style={{ width: 130, height: 130, objectFit: 'cover', borderRadius: 65, marginRight: 22 }} /> : null}
        <View style={{ flexGrow: 1, flexBasis: 0 }}>
          <Text style={{ fontSize: 9, color: MUTED, letterSpacing: 1.5 }}>ABOUT YOUR AGENT</Text>
          <Text style={{ fontSize: 22, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{t(branding.agentName || branding.businessName || 'Your agent')}</Text>
          {branding.tagline ? <Text style={{ fontSize: 12, color: colour, marginTop: 6, fontFamily: 'Helvetica-Oblique' }}>{t(branding.tagline)}</Text> : null}
        </View>
      </View>
      <View style={{ height: 2, backgroundColor: colour, marginBottom: 14 }} />
      {branding.bio
        ? branding.bio.split(/\n\s*\n/).map((paragraph, i) => (
            <Text key={i} style={{ fontSize: 10.5, lineHeight: 1.55, marginBottom: 10 }}>
              {t(paragraph.trim())}
            </Text>
          ))
        : null}
      {contact.length > 0 ? (
        <View wrap={false} style={{ marginTop: 10 }}>
          <SectionTitle colour={colour}>Contact</SectionTitle>
          <FactTable facts={contact} />
        </View>
      ) : null}
      {branding.logo || branding.brokerageLogo ? (
        <View style={{ flexDirection: 'row', marginTop: 24, alignItems: 'center' }}>
          {branding.logo ? <Image src={branding.logo} style={{ width: 130, height: 60, objectFit: 'contain', marginRight: 24 }} /> : null}
          {branding.brokerageLogo ? <Image src={branding.brokerageLogo} style={{ width: 130, height: 60, objectFit: 'contain' }} /> : null}
        </View>
      ) : null}
    </PageFrame>
  );
}

function SubjectPage({ input }: { input: ReportDocumentInput }) {
  const { subject, colour, reconciliation, range } = input;
  const half = Math.ceil(subject.facts.length / 2);
  return (
    <PageFrame input={input} title="SUBJECT PROPERTY">
      <Text style={styles.h1}>{t(subject.fullAddress)}</Text>
      <Text style={[styles.muted, { marginBottom: 10 }]}>{t(`Listing ${subject.id}`)}</Text>
      <View style={[styles.row, { marginBottom: 6 }]}>
        <View style={{ width: '50%', paddingRight: 10 }}>
          <Photo src={subject.photos[0]} width="100%" height={170} colour={colour} />
        </View>
        <View style={{ width: '50%', paddingLeft: 10 }}>
          <View style={{ backgroundColor: tint(colour, 0.9), padding: 12, marginBottom: 8 }}>
            <Text style={{ fontSize: 8, color: MUTED, letterSpacing: 1 }}>SUGGESTED PRICE RANGE</Text>
            <Text style={{ fontSize: 16, fontFamily: 'Helvetica-Bold', color: colour, marginTop: 4 }}>
              {range ? `${money(range.start)} - ${money(range.end)}` : NOT_AVAILABLE}
            </Text>
            <Text style={{ fontSize: 8, color: MUTED, marginTop: 8, letterSpacing: 1 }}>RECONCILED VALUE</Text>
            <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 3 }}>{reconciliation ? money(reconciliation.value) : NOT_AVAILABLE}</Text>
            <Text style={{ fontSize: 8, color: MUTED, marginTop: 6 }}>
              {`Based on ${input.comparables.filter((c) => c.adjusted).length} adjusted comparable sale(s)`}
            </Text>
          </View>
          <FactTable facts={subject.additionalFacts} />
        </View>
      </View>
      <SectionTitle colour={colour}>Property Facts</SectionTitle>
      <View style={styles.row}>
        <View style={{ width: '50%', paddingRight: 10 }}>
          <FactTable facts={subject.facts.slice(0, half)} />
        </View>
        <View style={{ width: '50%', paddingLeft: 10 }}>
          <FactTable facts={subject.facts.slice(half)} />
        </View>
      </View>
      {subject.features.length > 0 && (
        <View>
          <SectionTitle colour={colour}>Features</SectionTitle>
          <View style={styles.row}>
            <View style={{ width: '50%', paddingRight: 10 }}>
              <FactTable facts={subject.features.slice(0, Math.ceil(subject.features.length / 2))} />
            </View>
            <View style={{ width: '50%', paddingLeft: 10 }}>
              <FactTable facts={subject.features.slice(Math.ceil(subject.features.length / 2))} />
            </View>
          </View>
        </View>
      )}
    </PageFrame>
  );
}

function RiskBadge({ value, risk, width }: { value: number | null; risk: ComparableView['netRisk']; width: number }) {
  if (value == null || !risk) return cellText(NOT_AVAILABLE, false, undefined, width);
  const colours = RISK_COLOURS[risk];
  return (
    <View style={[styles.gridCell, { width, alignItems: 'center' }]}>
      <Text style={{ backgroundColor: colours.fill, color: colours.text, paddingHorizontal: 5, paddingVertical: 1.5, fontFamily: 'Helvetica-Bold', borderRadius: 2 }}>
        {percent(value)}
      </Text>
    </View>
  );
}

interface GridRow {
  label: string;
  subject: string;
  cell: (comp: ComparableView, width: number) => ReactNode;
  strong?: boolean;
}

function cellText(text: string, strong = false, color?: string, width?: number, background?: string) {
  return (
    <Text style={[styles.gridCell, { width, backgroundColor: background }, strong ? { fontFamily: 'Helvetica-Bold' } : {}, text === NOT_AVAILABLE ? { color: MUTED } : color ? { color } : {}]}>
      {t(text)}
    </Text>
  );
}

function factValue(view: PropertyView, label: string): string {
  return view.facts.find((f) => f.label === label)?.value ?? NOT_AVAILABLE;
}

function adjustmentCell(comp: ComparableView, style: string, width: number): ReactNode {
  const line = comp.adjustments.find((a) => a.style === style);
  if (!line) return cellText(NOT_AVAILABLE, false, undefined, width);
  const amount = line.status === 'applied' || line.status === 'overridden' ? line.amount : 0;
  // Unknown facts are not adjusted: the value cell already says 'Not Available', the amount cell a dash.
  const amountText = line.status === 'unknown' ? '-' : line.status === 'disabled' ? 'off' : amount === 0 ? '$ 0' : `${amount > 0 ? '+' : '-'}${money(Math.abs(amount))}`;
  // Two sibling cells rather than a row inside a cell: fewer layout nodes on the biggest pages.
  return (
    <>
      <Text style={[styles.gridCell, { width: width * 0.56, textAlign: 'left', paddingRight: 0, color: line.comparableValue === NOT_AVAILABLE ? MUTED : INK }]}>{t(line.comparableValue)}</Text>
      <Text style={[styles.gridCell, { width: width * 0.44, textAlign: 'right', paddingLeft: 0, fontFamily: 'Helvetica-Bold', color: amount > 0 ? '#2e7d32' : amount < 0 ? '#c62828' : MUTED }]}>{amountText}</Text>
    </>
  );
}

function ComparablesGridPage({ input, comps, pageIndex, pageCount }: { input: ReportDocumentInput; comps: ComparableView[]; pageIndex: number; pageCount: number }) {
  const { colour, subject } = input;
  const labelWidth = 108;
  const columnWidth = (612 - PAGE_PADDING * 2 - labelWidth) / (COMPS_PER_GRID_PAGE + 1);
  // Rows no comparable in the report has data for are filler; the agent can keep them (report_data.keepEmptyRows).
  const blankForAll = (value: (c: ComparableView) => string) => !input.keepEmptyRows && input.comparables.every((c) => value(c) === NOT_AVAILABLE);
  const adjustmentStyles = (input.comparables.find((c) => c.adjusted)?.adjustments ?? []).filter(
    (line) => !blankForAll((c) => (c.adjusted ? (c.adjustments.find((a) => a.style === line.style)?.comparableValue ?? NOT_AVAILABLE) : NOT_AVAILABLE)),
  );
  const factRows: GridRow[] = [
    { label: 'Distance', subject: '-', cell: (c, w) => cellText(miles(c.distanceMiles), false, undefined, w) },
    ...['Status', 'Close Date', 'Net Sales Price', 'Price per Sq Ft', 'Days on Market', 'Levels'].map((label) => ({
      label,
      subject: label === 'Net Sales Price' || label === 'Price per Sq Ft' || label === 'Close Date' || label === 'Days on Market' ? '-' : factValue(subject, label),
      cell: (c: ComparableView, w: number) => cellText(factValue(c, label), label === 'Net Sales Price', undefined, w),
      strong: label === 'Net Sales Price',
    })),
  ];
  const rows = factRows.filter((row) => row.label === 'Distance' ? !blankForAll((c) => (c.distanceMiles == null ? NOT_AVAILABLE : '')) : !blankForAll((c) => factValue(c, row.label)));
  const onColour = isDark(colour) ? '#ffffff' : INK;
  return (
    <PageFrame input={input} title={`COMPARABLES ${pageIndex + 1} OF ${pageCount}`} wrap={false}>
      <Text style={styles.h1}>Comparable Sales</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>
        Each comparable is adjusted to the subject feature by feature: a positive amount means the subject has more of that feature.
      </Text>
      <View style={styles.row}>
        <View style={{ width: labelWidth }} />
        {[null, ...comps].map((comp, i) => (
          <View key={i} style={{ width: columnWidth, paddingHorizontal: 2 }}>
            <View style={{ backgroundColor: comp ? colour : INK, paddingVertical: 3, alignItems: 'center' }}>
              <Text style={{ color: comp ? onColour : '#ffffff', fontFamily: 'Helvetica-Bold', fontSize: 8 }}>{comp ? `COMPARABLE ${comp.number}` : 'SUBJECT'}</Text>
            </View>
            <Photo src={(comp ?? subject).photos[0]} width="100%" height={62} colour={colour} label="No Photo" />
            <Text style={{ fontSize: 7.5, fontFamily: 'Helvetica-Bold', textAlign: 'center', marginTop: 3, minHeight: 20 }}>{t((comp ?? subject).street)}</Text>
          </View>
        ))}
      </View>
      {rows.map((row) => (
        <View key={row.label} style={styles.row} wrap={false}>
          <Text style={[styles.gridLabel, { width: labelWidth }]}>{t(row.label)}</Text>
          {cellText(row.subject, row.strong, undefined, columnWidth, PAPER_TINT)}
          {comps.map((c) => (
            <Fragment key={c.number}>{row.cell(c, columnWidth)}</Fragment>
          ))}
        </View>
      ))}
      <View style={[styles.row, { backgroundColor: tint(colour, 0.88), marginTop: 4 }]}>
        <Text style={{ width: labelWidth, fontFamily: 'Helvetica-Bold', fontSize: 8, padding: 3 }}>Adjustments</Text>
        <Text style={{ width: columnWidth, fontSize: 7, padding: 3, textAlign: 'center', color: MUTED }}>Subject value</Text>
        {comps.map((c) => (
          <Text key={c.number} style={{ width: columnWidth, fontSize: 7, padding: 3, textAlign: 'center', color: MUTED }}>
            Value / adjustment
          </Text>
        ))}
      </View>
      {adjustmentStyles.map((line) => (
        <View key={line.style} style={styles.row} wrap={false}>
          <Text style={[styles.gridLabel, { width: labelWidth }]}>{t(line.label)}</Text>
          {cellText(line.subjectValue, false, undefined, columnWidth, PAPER_TINT)}
          {comps.map((c) => (
            <Fragment key={c.number}>{c.adjusted ? adjustmentCell(c, line.style, columnWidth) : cellText(NOT_AVAILABLE, false, undefined, columnWidth)}</Fragment>
          ))}
        </View>
      ))}
      {[
        { label: 'Total adjustment', cell: (c: ComparableView) => cellText(c.totalAdjustment == null ? NOT_AVAILABLE : `${c.totalAdjustment >= 0 ? '+' : '-'}${money(Math.abs(c.totalAdjustment))}`, true, undefined, columnWidth) },
        { label: 'Adjusted price', cell: (c: ComparableView) => cellText(money(c.adjustedPrice), true, colour, columnWidth) },
        { label: 'Net adjustment', cell: (c: ComparableView) => <RiskBadge value={c.netPercent} risk={c.netRisk} width={columnWidth} /> },
        { label: 'Gross adjustment', cell: (c: ComparableView) => <RiskBadge value={c.grossPercent} risk={c.grossRisk} width={columnWidth} /> },
      ].map((row) => (
        <View key={row.label} style={[styles.row, { borderTopWidth: row.label === 'Total adjustment' ? 1 : 0, borderTopColor: colour }]} wrap={false}>
          <Text style={[styles.gridLabel, { width: labelWidth, fontFamily: 'Helvetica-Bold', color: INK }]}>{row.label}</Text>
          {cellText('-', false, undefined, columnWidth, PAPER_TINT)}
          {comps.map((c) => (
            <Fragment key={c.number}>{row.cell(c)}</Fragment>
          ))}
        </View>
      ))}
      <View style={[styles.row, { marginTop: 8, alignItems: 'center' }]} wrap={false}>
        <Text style={{ fontSize: 7, color: MUTED, marginRight: 6 }}>Adjustment risk:</Text>
        {(['green', 'amber', 'red'] as const).map((risk) => (
          <View key={risk} style={[styles.row, { alignItems: 'center', marginRight: 10 }]}>
            <View style={{ width: 8, height: 8, backgroundColor: RISK_COLOURS[risk].fill, marginRight: 3 }} />
            <Text style={{ fontSize: 7, color: MUTED }}>{`${RISK_COLOURS[risk].label} (${risk === 'green' ? '0-10%' : risk === 'amber' ? 'over 10-20%' : 'over 20%'})`}</Text>
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

function ReconciliationPage({ input }: { input: ReportDocumentInput }) {
  const { colour, reconciliation, range } = input;
  const contentWidth = 612 - PAGE_PADDING * 2;
  return (
    <PageFrame input={input} title="RECONCILIATION">
      <Text style={styles.h1}>Reconciliation and Suggested Price</Text>
      <View style={[styles.row, { marginTop: 6, marginBottom: 10 }]}>
        <View style={{ flexGrow: 1, backgroundColor: colour, padding: 14, marginRight: 8 }}>
          <Text style={{ color: isDark(colour) ? '#ffffff' : INK, fontSize: 8, letterSpacing: 1 }}>SUGGESTED PRICE RANGE</Text>
          <Text style={{ color: isDark(colour) ? '#ffffff' : INK, fontSize: 20, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>
            {range ? `${money(range.start)} - ${money(range.end)}` : NOT_AVAILABLE}
          </Text>
          <Text style={{ color: isDark(colour) ? '#ffffff' : INK, fontSize: 7.5, marginTop: 4 }}>
            {range ? (range.source === 'agent' ? 'Set by your agent after review of the adjusted comparables.' : reconciliation?.likelyRange ? 'The 80 % likely range: 8 in 10 recent sales valued this way sold within it.' : 'The weighted spread of the adjusted prices, rounded to $1,000.') : ''}
          </Text>
        </View>
        <View style={{ width: 170, backgroundColor: tint(colour, 0.88), padding: 14 }}>
          <Text style={{ fontSize: 8, letterSpacing: 1, color: MUTED }}>RECONCILED VALUE</Text>
          <Text style={{ fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{reconciliation ? money(reconciliation.value) : NOT_AVAILABLE}</Text>
        </View>
      </View>
      <View style={[styles.tableHead, { backgroundColor: tint(colour, 0.85) }]}>
        <Text style={{ width: 24 }}>#</Text>
        <Text style={{ flexGrow: 1 }}>Comparable</Text>
        <Text style={{ width: 80, textAlign: 'right' }}>Net sales price</Text>
        <Text style={{ width: 80, textAlign: 'right' }}>Adjusted price</Text>
        <Text style={{ width: 50, textAlign: 'right' }}>Gross</Text>
        <Text style={{ width: 50, textAlign: 'right' }}>Weight</Text>
      </View>
      {input.comparables.map((c) => {
        const weight = reconciliation?.weights.find((w) => w.number === c.number);
        return (
          <View key={c.number} style={styles.tableRow} wrap={false}>
            <Text style={{ width: 24, fontFamily: 'Helvetica-Bold', color: colour }}>{String(c.number)}</Text>
            <Text style={{ flexGrow: 1, flexBasis: 0 }}>{t(c.street)}</Text>
            <Text style={{ width: 80, textAlign: 'right' }}>{money(c.netSalesPrice)}</Text>
            <Text style={{ width: 80, textAlign: 'right', fontFamily: 'Helvetica-Bold' }}>{money(c.adjustedPrice)}</Text>
            <Text style={{ width: 50, textAlign: 'right', color: c.grossRisk ? RISK_COLOURS[c.grossRisk].fill : MUTED }}>{percent(c.grossPercent)}</Text>
            <Text style={{ width: 50, textAlign: 'right' }}>{weight ? `${weight.sharePercent.toFixed(1)}%` : NOT_AVAILABLE}</Text>
          </View>
        );
      })}
      <View style={{ marginTop: 14 }} wrap={false}>
        <SectionTitle colour={colour}>Adjusted Prices</SectionTitle>
        <AdjustedPriceChart
          subject={input.subject}
          comparables={input.comparables}
          colour={colour}
          width={contentWidth}
          height={input.comparables.length > 6 ? 150 : 190}
          range={range}
          value={reconciliation?.value ?? null}
        />
      </View>
      <SectionTitle colour={colour}>How the Value Was Reached</SectionTitle>
      <Text style={styles.paragraph}>
        {reconciliation
          ? t(
              reconciliation.method === 'inverse-gross'
                ? 'Comparables that needed fewer adjustments are the most similar to the subject, so they carry more weight: each weight is 1 divided by (its gross adjustment % + 5%).'
                : reconciliation.method === 'equal'
                  ? 'Every adjusted comparable carries the same weight.'
                  : 'Weights were set by your agent.',
            )
          : 'No comparable could be adjusted, so no value is reconciled.'}
      </Text>
      {reconciliation && <Text style={[styles.paragraph, { color: MUTED, fontSize: 8 }]}>{t([reconciliation.explanation, hiddenModelSentence(reconciliation)].filter(Boolean).join(' '))}</Text>}
      {reconciliation?.marketModel && (
        <View wrap={false} style={{ marginTop: 6 }}>
          <SectionTitle colour={colour}>Market Model</SectionTitle>
          <Text style={styles.paragraph}>{t(marketModelSentence(reconciliation.value, reconciliation.marketModel))}</Text>
          <Text style={[styles.paragraph, { color: MUTED, fontSize: 8 }]}>{t(reconciliation.marketModel.rangeExplanation)}</Text>
        </View>
      )}
      {input.warnings.length > 0 && (
        <View wrap={false}>
          <SectionTitle colour={colour}>Review Notes</SectionTitle>
          {input.warnings.map((w, i) => (
            <Text key={i} style={[styles.paragraph, { fontSize: 8.5 }]}>{`\u2022 ${t(w)}`}</Text>
          ))}
        </View>
      )}
    </PageFrame>
  );
}

function MapAndChartsPage({ input }: { input: ReportDocumentInput }) {
  const { colour } = input;
  const contentWidth = 612 - PAGE_PADDING * 2;
  return (
    <PageFrame input={input} title="LOCATION AND MARKET" wrap={false}>
      <Text style={styles.h1}>Location of the Comparables</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>
        {input.mapImage ? 'The subject (S) and each comparable with its sale price, north up.' : 'Relative positions and straight-line distances from the subject (S), north up.'}
      </Text>
      <StreetMap input={input} width={REPORT_MAP_SIZE.width} height={REPORT_MAP_SIZE.height} />
      <View style={[styles.row, { flexWrap: 'wrap', marginTop: 6 }]}>
        {input.comparables.map((c) => (
          <Text key={c.number} style={{ width: '50%', fontSize: 8, paddingVertical: 1.5 }}>
            {t(`${c.number}. ${c.street} - ${miles(c.distanceMiles)}`)}
          </Text>
        ))}
      </View>
      <View wrap={false}>
        <SectionTitle colour={colour}>Price per Square Foot vs Size</SectionTitle>
        <PricePerSqftChart subject={input.subject} comparables={input.comparables} colour={colour} width={contentWidth} height={200} />
      </View>
    </PageFrame>
  );
}

function PhotosPage({ input }: { input: ReportDocumentInput }) {
  const { subject } = input;
  // Only photos that exist: a page of "Photo Not Available" tiles is filler, and with no photos there is no page.
  const cells: Array<{ caption: string; src: string }> = [
    ...subject.photos.map((src, i) => ({ caption: `Subject${subject.photos.length > 1 ? ` (${i + 1})` : ''} - ${subject.street}`, src })),
    ...input.comparables.flatMap((c) => (c.photos[0] ? [{ caption: `Comparable ${c.number} - ${c.street}`, src: c.photos[0] }] : [])),
  ];
  if (cells.length === 0) return null;
  return (
    <PageFrame input={input} title="PHOTOS">
      <Text style={styles.h1}>Photos</Text>
      <View style={[styles.row, { flexWrap: 'wrap', justifyContent: 'space-between' }]}>
        {cells.map((cell, i) => (
          <View key={i} style={{ width: '48.5%', marginBottom: 12 }} wrap={false}>
            <Image src={cell.src} style={{ width: '100%', height: 165, objectFit: 'cover' }} />
            <Text style={{ fontSize: 8, marginTop: 3, fontFamily: 'Helvetica-Bold' }}>{t(cell.caption)}</Text>
          </View>
        ))}
      </View>
    </PageFrame>
  );
}

function NotesPage({ input }: { input: ReportDocumentInput }) {
  const { colour } = input;
  // Only what was written: no heading over empty agent notes, no property without remarks or notes.
  const remarks = [{ label: `Subject - ${input.subject.street}`, view: input.subject as PropertyView }, ...input.comparables.map((c) => ({ label: `Comparable ${c.number} - ${c.street}`, view: c as PropertyView }))].filter(
    ({ view }) => view.publicRemarks !== NOT_AVAILABLE || (view !== input.subject && view.agentNotes),
  );
  return (
    <PageFrame input={input} title={input.notes ? 'NOTES AND DISCLOSURES' : 'DISCLOSURES'}>
      {input.notes ? (
        <View>
          <Text style={styles.h1}>Notes from Your Agent</Text>
          <Text style={styles.paragraph}>{t(input.notes)}</Text>
        </View>
      ) : null}
      {remarks.length > 0 ? <SectionTitle colour={colour}>Public Remarks</SectionTitle> : null}
      {remarks.map(({ label, view }) => (
        <View key={label} style={{ marginBottom: 8 }}>
          <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 9, marginBottom: 2, color: colour }} minPresenceAhead={30}>
            {t(label)}
          </Text>
          {view.publicRemarks !== NOT_AVAILABLE ? <Text style={styles.paragraph}>{t(view.publicRemarks)}</Text> : null}
          {view !== input.subject && view.agentNotes ? <Text style={[styles.paragraph, { fontStyle: 'italic', color: MUTED }]}>{t(`Agent notes: ${view.agentNotes}`)}</Text> : null}
        </View>
      ))}
      <View wrap={false} style={{ marginTop: 10, padding: 12, borderWidth: 1, borderColor: colour, backgroundColor: tint(colour, 0.95) }}>
        <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 10, marginBottom: 6, color: colour }}>Important Disclosures</Text>
        {LEGAL_PARAGRAPHS.map((p) => (
          <Text key={p} style={{ fontSize: 8.5, lineHeight: 1.4, marginBottom: 4 }}>
            {t(p)}
          </Text>
        ))}
      </View>
    </PageFrame>
  );
}


/** A market figure with the listings behind it, or why it is missing. */
function FigureCell({ label, figure, format, colour }: { label: string; figure: MarketFigure | null; format: (n: number) => string; colour: string }) {
  return (
    <View style={{ width: '33.33%', padding: 8, borderWidth: 0.5, borderColor: RULE, backgroundColor: figure ? '#ffffff' : PAPER_TINT }} wrap={false}>
      <Text style={{ fontSize: 7.5, color: MUTED, letterSpacing: 0.5 }}>{t(label.toUpperCase())}</Text>
      <Text style={{ fontSize: 15, fontFamily: 'Helvetica-Bold', color: figure ? colour : MUTED, marginTop: 3 }}>{figure ? t(format(figure.value)) : NOT_AVAILABLE}</Text>
      <Text style={{ fontSize: 7, color: MUTED, marginTop: 2 }}>{figure ? `Based on ${formatCount(figure.basedOn, 'listing')}` : 'The listings do not carry what it needs'}</Text>
    </View>
  );
}

function MarketStatisticsPage({ input }: { input: ReportDocumentInput }) {
  const { colour, marketStats: stats } = input;
  const contentWidth = 612 - PAGE_PADDING * 2;
  const months = stats.months.map((m) => m.month);
  const counts = stats.counts;
  const countFigure = (n: number): MarketFigure | null => (counts ? { value: n, basedOn: counts.basedOn } : null);
  const monthName = (m: string) => new Date(`${m}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const first = monthName(stats.window.from);
  const last = monthName(stats.window.to);
  return (
    <PageFrame input={input} title="MARKET STATISTICS">
      <Text style={styles.h1}>Market Statistics</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>
        {t(`${stats.areaLabel}: ${formatCount(stats.listingsInArea, 'loaded listing')}, sales from ${first} to ${last}.${stats.areaProblem ? ` ${stats.areaProblem}` : ''}`)}
      </Text>
      <View style={[styles.row, { flexWrap: 'wrap' }]}>
        <FigureCell label="Closed sales (12 months)" figure={stats.closedSales ? { value: stats.closedSales, basedOn: stats.closedSales } : null} format={(n) => formatNumber(n, 0)} colour={colour} />
        <FigureCell label="Median sale price" figure={stats.medianSalePrice} format={money} colour={colour} />
        <FigureCell label="Median price per sq ft" figure={stats.medianPricePerSqft} format={(n) => `$ ${formatNumber(n, 0)}`} colour={colour} />
        <FigureCell label="Median days on market" figure={stats.medianDaysOnMarket} format={(n) => formatNumber(n, 1)} colour={colour} />
        <FigureCell label="Sale-to-list price ratio" figure={stats.saleToListRatio} format={(n) => `${(n * 100).toFixed(1)}%`} colour={colour} />
        <FigureCell label="Months of supply" figure={stats.monthsOfSupply} format={(n) => formatNumber(n, 1)} colour={colour} />
        <FigureCell label="Active listings" figure={countFigure(counts?.active ?? 0)} format={(n) => formatNumber(n, 0)} colour={colour} />
        <FigureCell label="Pending" figure={countFigure(counts?.pending ?? 0)} format={(n) => formatNumber(n, 0)} colour={colour} />
        <FigureCell label="Absorption rate (a month)" figure={stats.absorptionRate} format={(n) => `${(n * 100).toFixed(1)}%`} colour={colour} />
      </View>
      <Text style={{ fontSize: 7.5, color: MUTED, marginTop: 4 }}>
        Months of supply = active listings / closed sales a month; absorption rate = closed sales a month / active listings. Counts and supply need listing statuses.
      </Text>
      <SectionTitle colour={colour}>Closed Sales per Month</SectionTitle>
      <MonthlyChart months={months} values={stats.months.map((m) => m.closedSales)} kind="bars" colour={colour} width={contentWidth} height={105} format={(n) => formatNumber(n, 0)} />
      <SectionTitle colour={colour}>Median Sale Price by Month</SectionTitle>
      <MonthlyChart months={months} values={stats.months.map((m) => m.medianSalePrice)} kind="line" colour={colour} width={contentWidth} height={105} format={shortMoney} />
      <SectionTitle colour={colour}>Median Price per Square Foot by Month</SectionTitle>
      <MonthlyChart months={months} values={stats.months.map((m) => m.medianPricePerSqft)} kind="line" colour={colour} width={contentWidth} height={105} format={(n) => `$${Math.round(n)}`} />
    </PageFrame>
  );
}

function NetSheetPage({ input }: { input: ReportDocumentInput }) {
  const sheet = input.netSheet;
  if (!sheet) return null;
  const { colour } = input;
  const columns = sheet.columns;
  const rows: Array<{ label: string; values: number[]; strong?: boolean; cost?: boolean }> = [
    { label: 'Sale price', values: columns.map((c) => c.price), strong: true },
    { label: `Commission (${formatNumber(sheet.inputs.commissionPercent, 2)}%)`, values: columns.map((c) => c.commission), cost: true },
    { label: NET_SHEET_LABELS.closingCosts, values: columns.map((c) => c.closingCosts), cost: true },
    { label: NET_SHEET_LABELS.concessions, values: columns.map((c) => c.concessions), cost: true },
    { label: NET_SHEET_LABELS.mortgagePayoff, values: columns.map((c) => c.mortgagePayoff), cost: true },
    { label: NET_SHEET_LABELS.otherCosts, values: columns.map((c) => c.otherCosts), cost: true },
    { label: 'Total costs', values: columns.map((c) => c.totalCosts), strong: true, cost: true },
  ];
  const onColour = isDark(colour) ? '#ffffff' : INK;
  return (
    <PageFrame input={input} title="SELLER NET SHEET">
      <Text style={styles.h1}>Estimated Seller Net Proceeds</Text>
      <Text style={[styles.muted, { marginBottom: 10 }]}>{t(`What the seller of ${input.subject.street} could net at the low, suggested and high price of the range.`)}</Text>
      <View style={[styles.tableHead, { backgroundColor: colour }]}>
        <Text style={{ width: '34%', color: onColour }}> </Text>
        {columns.map((c) => (
          <Text key={c.label} style={{ width: '22%', textAlign: 'right', color: onColour }}>{c.label}</Text>
        ))}
      </View>
      {rows.map((row) => (
        <View key={row.label} style={[styles.tableRow, { fontSize: 10, paddingVertical: 6 }]}>
          <Text style={{ width: '34%', fontFamily: row.strong ? 'Helvetica-Bold' : 'Helvetica' }}>{t(row.label)}</Text>
          {row.values.map((v, i) => (
            <Text key={i} style={{ width: '22%', textAlign: 'right', fontFamily: row.strong ? 'Helvetica-Bold' : 'Helvetica' }}>{`${row.cost && v > 0 ? '-' : ''}${money(v)}`}</Text>
          ))}
        </View>
      ))}
      <View style={[styles.row, { paddingVertical: 10, paddingHorizontal: 4, backgroundColor: tint(colour, 0.88), marginTop: 2 }]}>
        <Text style={{ width: '34%', fontFamily: 'Helvetica-Bold', fontSize: 11 }}>Estimated net proceeds</Text>
        {columns.map((c) => (
          <Text key={c.label} style={{ width: '22%', textAlign: 'right', fontFamily: 'Helvetica-Bold', fontSize: 12, color: c.netProceeds < 0 ? '#c62828' : colour }}>{money(c.netProceeds)}</Text>
        ))}
      </View>
      <Text style={[styles.paragraph, { marginTop: 14, color: MUTED, fontSize: 8.5 }]}>
        An estimate for planning only, not a settlement statement: commission is a percent of the sale price; the other costs are the amounts your agent entered. Property tax prorations, utilities and final payoff figures from your lender are settled at closing.
      </Text>
    </PageFrame>
  );
}

function ComparablesGridPages({ input }: { input: ReportDocumentInput }) {
  const pages: ComparableView[][] = [];
  for (let i = 0; i < input.comparables.length; i += COMPS_PER_GRID_PAGE) pages.push(input.comparables.slice(i, i + COMPS_PER_GRID_PAGE));
  return (
    <>
      {pages.map((comps, i) => (
        <ComparablesGridPage key={i} input={input} comps={comps} pageIndex={i} pageCount={pages.length} />
      ))}
    </>
  );
}

/**
 * What each registered page prints (zero or more <Page>s). One entry per id in REPORT_PAGES (pages.ts); a page that has
 * nothing to show for this report returns null rather than a page of filler.
 */
export const PAGE_RENDERERS: Record<BuiltInPageId, (input: ReportDocumentInput) => ReactNode> = {
  cover: (input) => <Cover input={input} />,
  'cover-letter': (input) => <CoverLetterPage input={input} />,
  subject: (input) => <SubjectPage input={input} />,
  comparables: (input) => <ComparablesGridPages input={input} />,
  reconciliation: (input) => <ReconciliationPage input={input} />,
  'net-sheet': (input) => <NetSheetPage input={input} />,
  map: (input) => <MapAndChartsPage input={input} />,
  'market-statistics': (input) => <MarketStatisticsPage input={input} />,
  photos: (input) => <PhotosPage input={input} />,
  bio: (input) => <BioPage input={input} />,
  notes: (input) => <NotesPage input={input} />,
};

/** The whole report: the chosen pages in the chosen order. Pass the view model from buildReportInput. */
export function ReportDocument({ input }: { input: ReportDocumentInput }) {
  return (
    <Document title={pdfText(`${input.reportName} - ${input.subject.fullAddress}`)} author={pdfText(input.branding.agentName || 'CMA Studio')} subject="Comparative market analysis" creator="CMA Studio" producer="CMA Studio">
      {input.pages.map((id) =>
        isBuiltInPageId(id) ? (
          <Fragment key={id}>{PAGE_RENDERERS[id](input)}</Fragment>
        ) : (
          // An uploaded page's place: blank pages the render replaces with the upload (custom-pages.ts).
          <Fragment key={id}>
            {Array.from({ length: input.customPages.find((file) => `${CUSTOM_PAGE_PREFIX}${file.id}` === id)?.pageCount ?? 0 }, (_, i) => (
              <Page key={i} size={[CUSTOM_PAGE_PLACEHOLDER_SIZE.width, CUSTOM_PAGE_PLACEHOLDER_SIZE.height]} />
            ))}
          </Fragment>
        ),
      )}
    </Document>
  );
}
