/** The report PDF's file name from the subject's street, safe anywhere: '1234-Elm-Street-CMA.pdf' (download, e-mail, live link). */
export function reportPdfFilename(street: string | null | undefined): string {
  const slug = (street ?? '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${slug || 'Report'}-CMA.pdf`;
}
