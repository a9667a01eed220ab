// The report's colour rule, alone so the screens can apply it without the rest of the report.
import { DEFAULT_PDF_COLOR, readReportData } from '@cma/cma';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The report's colour: its own when the agent picked one for it (report_data.ownColour; a state saved before the brand
 * kit with a colour other than the old default counts as picked), else the profile's brand colour, else the default.
 */
export function reportColour(state: { pdfColor: string; report_data: unknown }, brandColour: string | null | undefined): string {
  const own = readReportData(state.report_data).ownColour;
  const picked = own === true || (own === undefined && state.pdfColor.toLowerCase() !== DEFAULT_PDF_COLOR);
  if (picked) return state.pdfColor;
  return brandColour && HEX_COLOUR.test(brandColour) ? brandColour.toLowerCase() : state.pdfColor;
}

