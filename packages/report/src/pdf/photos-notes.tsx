/** @jsxRuntime automatic */
// The PDF's photos page and its notes and disclosures page.
import { Image, Text, View } from '@react-pdf/renderer';
import type { NotesContent, PhotosContent, ReportFrame } from '../content';
import { MUTED } from '../theme';
import { PageFrame, SectionTitle, styles, t } from './frame';

export function PhotosPage({ content, frame }: { content: PhotosContent; frame: ReportFrame }) {
  return (
    <PageFrame frame={frame} title="PHOTOS">
      <Text style={styles.h1}>Photos</Text>
      <View style={[styles.row, { flexWrap: 'wrap', justifyContent: 'space-between' }]}>
        {content.cells.map((cell, i) => (
          <View key={i} style={{ width: '48.5%', marginBottom: 12 }} wrap={false}>
            <Image src={cell.src} style={{ width: '100%', height: 165, objectFit: 'cover' }} />
            <Text style={{ fontSize: 8, marginTop: 3, fontFamily: 'Helvetica-Bold' }}>{t(cell.caption)}</Text>
          </View>
        ))}
      </View>
    </PageFrame>
  );
}

export function NotesPage({ content, frame }: { content: NotesContent; frame: ReportFrame }) {
  const { palette } = frame;
  return (
    <PageFrame frame={frame} title={content.notes.length ? 'NOTES AND DISCLOSURES' : 'DISCLOSURES'}>
      {content.notes.length ? (
        <View>
          <Text style={styles.h1}>Notes from Your Agent</Text>
          {content.notes.map((p, i) => (
            <Text key={i} style={styles.paragraph}>
              {t(p)}
            </Text>
          ))}
        </View>
      ) : null}
      {content.remarks.length > 0 ? <SectionTitle frame={frame}>Public Remarks</SectionTitle> : null}
      {content.remarks.map((item) => (
        <View key={item.label} style={{ marginBottom: 8 }}>
          <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 9, marginBottom: 2, color: palette.brandText }} minPresenceAhead={30}>
            {t(item.label)}
          </Text>
          {item.remarks ? <Text style={styles.paragraph}>{t(item.remarks)}</Text> : null}
          {item.agentNotes ? <Text style={[styles.paragraph, { fontStyle: 'italic', color: MUTED }]}>{t(`Agent notes: ${item.agentNotes}`)}</Text> : null}
        </View>
      ))}
      {content.reviewNotes.length > 0 ? (
        <View wrap={false}>
          <SectionTitle frame={frame}>Review Notes</SectionTitle>
          {content.reviewNotes.map((note, i) => (
            <Text key={i} style={[styles.paragraph, { fontSize: 8.5 }]}>{`\u2022 ${t(note)}`}</Text>
          ))}
        </View>
      ) : null}
      <View wrap={false} style={{ marginTop: 10, padding: 12, borderWidth: 1, borderColor: palette.brand, backgroundColor: palette.faint }}>
        <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 10, marginBottom: 6, color: palette.brandText }}>Important Disclosures</Text>
        {content.legal.map((p) => (
          <Text key={p} style={{ fontSize: 8.5, lineHeight: 1.4, marginBottom: 4 }}>
            {t(p)}
          </Text>
        ))}
      </View>
    </PageFrame>
  );
}
