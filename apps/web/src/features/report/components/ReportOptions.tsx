// The report's options beside the preview: which pages print and in what order, the uploaded pages, the cover
// letter, the net sheet, the market area, the review notes, and sharing.
import { Link } from 'react-router';
import type { ReportBranding, ReportDocumentInput } from '@cma/report';
import { DEFAULT_COVER_LETTER } from '@cma/report/cover-letter';
import { normalisePageChoice } from '@cma/report/pages';
import type { MarketArea } from '@cma/valuation';
import { notify } from '../../../shared/toast';
import { useListCustomPagesQuery, useStoreDefaultPagesMutation } from '../api/reportApi';
import { apiMessage } from '../apiMessage';
import type { useReportData } from '../hooks/useReportData';
import { CoverLetterEditor } from './CoverLetterEditor';
import { CustomPagesPanel } from './CustomPagesPanel';
import { MarketAreaChooser } from './MarketAreaChooser';
import { NetSheetEditor } from './NetSheetEditor';
import { PagePicker } from './PagePicker';
import { ReviewNotesSwitch } from './ReviewNotesSwitch';
import { SharePanel } from './SharePanel';

interface ReportOptionsProps {
  hasReport: boolean;
  builder: ReturnType<typeof useReportData>;
  branding: ReportBranding | undefined;
  input: ReportDocumentInput | null;
  historyId: number | null;
  saveReport(): Promise<number | null>;
  saving: boolean;
}

export function ReportOptions({ hasReport, builder, branding, input, historyId, saveReport, saving }: ReportOptionsProps) {
  const uploads = useListCustomPagesQuery();
  const [storeDefaultPages, storingDefault] = useStoreDefaultPagesMutation();
  const { data, pageChoice, setReportData, setPages, isOn, turnOn } = builder;
  const customLabels = Object.fromEntries((uploads.data ?? []).map((u) => [`custom:${u.id}`, u.name]));

  async function onSaveDefaultPages() {
    try {
      await storeDefaultPages({ pages: pageChoice }).unwrap();
      notify('success', 'These pages are now your default for new reports.');
    } catch (error) {
      notify('error', apiMessage(error));
    }
  }

  return (
    <aside className="report-page__panel report-page__panel--more">
      {hasReport && (
        <>
          <PagePicker choice={pageChoice} onChange={setPages} customLabels={customLabels} onSaveDefault={() => void onSaveDefaultPages()} savingDefault={storingDefault.isLoading} />
          <CustomPagesPanel
            uploads={uploads.data ?? []}
            inReport={builder.customIds}
            onInReportChange={(ids) => setReportData({ customPages: ids.map((id) => ({ id })), pages: normalisePageChoice(pageChoice, ids) })}
          />
          <CoverLetterEditor
            letter={data.coverLetter ?? null}
            template={branding?.cover_letter_template || DEFAULT_COVER_LETTER}
            onChange={(coverLetter) => setReportData({ coverLetter: coverLetter ?? undefined })}
            pageOn={isOn('cover-letter')}
            onTurnPageOn={() => turnOn('cover-letter')}
          />
          <NetSheetEditor value={data.netSheet ?? {}} onChange={(netSheet) => setReportData({ netSheet })} columns={input?.netSheet?.columns ?? null} pageOn={isOn('net-sheet')} onTurnPageOn={() => turnOn('net-sheet')} />
          <MarketAreaChooser
            value={data.marketArea}
            onChange={(marketArea: MarketArea) => setReportData({ marketArea })}
            stats={input?.marketStats ?? null}
            pageOn={isOn('market-statistics')}
            onTurnPageOn={() => turnOn('market-statistics')}
          />
          <ReviewNotesSwitch notes={input?.warnings ?? []} on={data.reviewNotes === true} onChange={(reviewNotes) => setReportData({ reviewNotes })} />
        </>
      )}
      <SharePanel historyId={historyId} saveReport={saveReport} disabled={!hasReport || saving} />
      <Link to="/review">Back to review</Link>
    </aside>
  );
}
