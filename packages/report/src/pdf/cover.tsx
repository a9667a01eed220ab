/** @jsxRuntime automatic */
// The PDF's cover, cover letter and agent pages.
import { Image, Page, Text, View } from '@react-pdf/renderer';
import type { BioContent, CoverContent, CoverLetterContent, ReportFrame } from '../content';
import { INK, MUTED, RULE } from '../theme';
import { FactTable, PageFrame, Photo, SectionTitle, styles, t } from './frame';

export function CoverPage({ content, frame }: { content: CoverContent; frame: ReportFrame }) {
  const { palette, agent, headline } = frame;
  const on = palette.onBrand;
  return (
    <Page size="LETTER" style={styles.coverPage}>
      <View style={{ backgroundColor: palette.brand, paddingHorizontal: 48, paddingTop: 56, paddingBottom: 30 }}>
        <Text style={{ color: on, fontSize: 10, letterSpacing: 2, marginBottom: 10 }}>{t(content.date.toUpperCase())}</Text>
        <Text style={{ color: on, fontSize: 28, fontFamily: 'Helvetica-Bold', lineHeight: 1.15 }}>{t(content.title)}</Text>
        {content.preparedFor ? <Text style={{ color: on, fontSize: 12, marginTop: 12 }}>{t(content.preparedFor)}</Text> : null}
      </View>
      <View style={{ paddingHorizontal: 48, paddingTop: 28 }}>
        <Photo src={content.photo} width={516} height={280} frame={frame} />
        <Text style={{ fontSize: 9, color: MUTED, marginTop: 16, letterSpacing: 1.5 }}>SUBJECT PROPERTY</Text>
        <Text style={{ fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4 }}>{t(content.address)}</Text>
        {headline.range && <Text style={{ fontSize: 12, marginTop: 8, color: palette.brandText, fontFamily: 'Helvetica-Bold' }}>{t(`${headline.rangeLabel}  ${headline.rangeText}`)}</Text>}
        <View style={{ flexDirection: 'row', marginTop: 16, borderTopWidth: 0.5, borderTopColor: RULE, borderBottomWidth: 0.5, borderBottomColor: RULE }}>
          {content.keyFacts.map((fact) => (
            <View key={fact.label} style={{ flexGrow: 1, flexBasis: 0, paddingVertical: 8, alignItems: 'center' }}>
              <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold' }}>{t(fact.value)}</Text>
              <Text style={{ fontSize: 7.5, color: MUTED, marginTop: 2, letterSpacing: 0.5 }}>{fact.label.toUpperCase()}</Text>
            </View>
          ))}
        </View>
      </View>
      <View style={{ position: 'absolute', left: 48, right: 48, bottom: 40, flexDirection: 'row', alignItems: 'center', borderTopWidth: 2, borderTopColor: palette.brand, paddingTop: 14 }}>
        {agent.headshot ? <Image src={agent.headshot} style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 32, marginRight: 14 }} /> : null}
        {!agent.headshot && agent.logo ? <Image src={agent.logo} style={{ width: 90, height: 60, objectFit: 'contain', marginRight: 18 }} /> : null}
        <View style={{ flexGrow: 1, flexBasis: 0 }}>
          <Text style={{ fontSize: 9, color: MUTED, letterSpacing: 1.5 }}>PREPARED BY</Text>
          <Text style={{ fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 3 }}>{t(agent.name)}</Text>
          {agent.tagline ? <Text style={{ fontSize: 9.5, color: palette.brandText, marginTop: 2, fontFamily: 'Helvetica-Oblique' }}>{t(agent.tagline)}</Text> : null}
          {agent.licence ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(agent.licence)}</Text> : null}
          {agent.businessName ? <Text style={{ fontSize: 10, marginTop: 2 }}>{t(agent.businessName)}</Text> : null}
          {agent.businessAddress ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(agent.businessAddress)}</Text> : null}
          {agent.contactLine ? <Text style={{ fontSize: 9, color: MUTED, marginTop: 2 }}>{t(agent.contactLine)}</Text> : null}
        </View>
        {/* With a headshot beside the name, the logos sit on the right: the agent's, then the brokerage's (co-branding). */}
        {agent.headshot && agent.logo ? <Image src={agent.logo} style={{ width: 90, height: 50, objectFit: 'contain', marginLeft: 12 }} /> : null}
        {agent.brokerageLogo ? <Image src={agent.brokerageLogo} style={{ width: 90, height: 50, objectFit: 'contain', marginLeft: 12 }} /> : null}
      </View>
    </Page>
  );
}

export function CoverLetterPage({ content, frame }: { content: CoverLetterContent; frame: ReportFrame }) {
  const { agent, palette } = frame;
  return (
    <PageFrame frame={frame} title="COVER LETTER">
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 24 }}>
        <View>
          <Text style={{ fontSize: 12, fontFamily: 'Helvetica-Bold', color: palette.brandText }}>{t(content.letterhead)}</Text>
          {content.letterheadAddress ? <Text style={{ color: MUTED, marginTop: 2 }}>{t(content.letterheadAddress)}</Text> : null}
        </View>
        {agent.logo ? <Image src={agent.logo} style={{ width: 110, height: 50, objectFit: 'contain' }} /> : null}
      </View>
      <Text style={{ fontSize: 10, color: MUTED, marginBottom: 18 }}>{t(content.date)}</Text>
      {content.paragraphs.map((paragraph, i) => (
        <Text key={i} style={{ fontSize: 10.5, lineHeight: 1.55, marginBottom: 10 }}>
          {t(paragraph)}
        </Text>
      ))}
      {agent.headshot ? <Image src={agent.headshot} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 28, marginTop: 8 }} /> : null}
      <Text style={{ fontSize: 9, color: MUTED, marginTop: 6 }}>{t(content.signatureLine)}</Text>
    </PageFrame>
  );
}

export function BioPage({ content: agent, frame }: { content: BioContent; frame: ReportFrame }) {
  const { palette } = frame;
  return (
    <PageFrame frame={frame} title="ABOUT YOUR AGENT">
      <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: 18 }}>
        {agent.headshot ? <Image src={agent.headshot} style={{ width: 130, height: 130, objectFit: 'cover', borderRadius: 65, marginRight: 22 }} /> : null}
        <View style={{ flexGrow: 1, flexBasis: 0 }}>
          <Text style={{ fontSize: 9, color: MUTED, letterSpacing: 1.5 }}>ABOUT YOUR AGENT</Text>
          <Text style={{ fontSize: 22, fontFamily: 'Helvetica-Bold', marginTop: 4, color: INK }}>{t(agent.name)}</Text>
          {agent.tagline ? <Text style={{ fontSize: 12, color: palette.brandText, marginTop: 6, fontFamily: 'Helvetica-Oblique' }}>{t(agent.tagline)}</Text> : null}
        </View>
      </View>
      <View style={{ height: 2, backgroundColor: palette.brand, marginBottom: 14 }} />
      {agent.bioParagraphs.map((paragraph, i) => (
        <Text key={i} style={{ fontSize: 10.5, lineHeight: 1.55, marginBottom: 10 }}>
          {t(paragraph)}
        </Text>
      ))}
      {agent.contactRows.length > 0 ? (
        <View wrap={false} style={{ marginTop: 10 }}>
          <SectionTitle frame={frame}>Contact</SectionTitle>
          <FactTable facts={agent.contactRows} />
        </View>
      ) : null}
      {agent.logo || agent.brokerageLogo ? (
        <View style={{ flexDirection: 'row', marginTop: 24, alignItems: 'center' }}>
          {agent.logo ? <Image src={agent.logo} style={{ width: 130, height: 60, objectFit: 'contain', marginRight: 24 }} /> : null}
          {agent.brokerageLogo ? <Image src={agent.brokerageLogo} style={{ width: 130, height: 60, objectFit: 'contain' }} /> : null}
        </View>
      ) : null}
    </PageFrame>
  );
}
