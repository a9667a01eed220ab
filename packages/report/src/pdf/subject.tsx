/** @jsxRuntime automatic */
// The PDF's subject page, and the headline box it shares with the reconciliation page.
import { Text, View } from '@react-pdf/renderer';
import type { FactLine } from '../build-input';
import type { ReportFrame, SubjectContent } from '../content';
import { halves } from '../content/subject';
import { MUTED } from '../theme';
import { FactTable, PageFrame, Photo, SectionTitle, styles, t } from './frame';

/** The range, the value and what they rest on, in the report's words (frame.headline). */
export function HeadlineBox({ frame }: { frame: ReportFrame }) {
  const { headline, palette } = frame;
  return (
    <View style={{ backgroundColor: palette.tint, padding: 12, marginBottom: 8 }}>
      <Text style={{ fontSize: 8, color: MUTED, letterSpacing: 1 }}>{headline.rangeLabel.toUpperCase()}</Text>
      <Text style={{ fontSize: 16, fontFamily: 'Helvetica-Bold', color: palette.brandText, marginTop: 4 }}>{t(headline.rangeText)}</Text>
      <Text style={{ fontSize: 8, color: MUTED, marginTop: 8, letterSpacing: 1 }}>{headline.valueLabel.toUpperCase()}</Text>
      <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 3 }}>{t(headline.valueText)}</Text>
      <Text style={{ fontSize: 8, color: MUTED, marginTop: 6 }}>{t(headline.basedOn)}</Text>
    </View>
  );
}

/** A list of facts in two columns, the first the longer. */
function TwoColumns({ facts }: { facts: FactLine[] }) {
  return (
    <View style={styles.row}>
      {halves(facts).map((column, i) => (
        <View key={i} style={{ width: '50%', ...(i === 0 ? { paddingRight: 10 } : { paddingLeft: 10 }) }}>
          <FactTable facts={column} />
        </View>
      ))}
    </View>
  );
}

export function SubjectPage({ content, frame }: { content: SubjectContent; frame: ReportFrame }) {
  return (
    <PageFrame frame={frame} title="SUBJECT PROPERTY">
      <Text style={styles.h1}>{t(content.address)}</Text>
      <Text style={[styles.muted, { marginBottom: 10 }]}>{t(content.listingLine)}</Text>
      <View style={[styles.row, { marginBottom: 6 }]}>
        <View style={{ width: '50%', paddingRight: 10 }}>
          <Photo src={content.photo} width="100%" height={170} frame={frame} />
        </View>
        <View style={{ width: '50%', paddingLeft: 10 }}>
          <HeadlineBox frame={frame} />
          <FactTable facts={content.additionalFacts} />
        </View>
      </View>
      <SectionTitle frame={frame}>Property Facts</SectionTitle>
      <TwoColumns facts={content.facts} />
      {content.features.length > 0 && (
        <View>
          <SectionTitle frame={frame}>Features</SectionTitle>
          <TwoColumns facts={content.features} />
        </View>
      )}
    </PageFrame>
  );
}
