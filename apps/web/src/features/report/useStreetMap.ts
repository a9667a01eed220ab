// The street map behind the report's map page for the PDF the browser renders: composed by the server from the
// configured tiles (POST /api/report-map, decision 2070), the same image the e-mailed PDF and the live page show.
import { skipToken } from '@reduxjs/toolkit/query';
import { reportMapPoints, type ReportDocumentInput } from '@cma/report';
import { useGetClientConfigQuery } from '../../shared/api/api';
import { useGetReportMapQuery } from './api/reportApi';

/** `ready` once the map is known (a street map, or null: maps off, tiles out of reach, no map page). */
export function useStreetMap(input: ReportDocumentInput | null): { ready: boolean; map: ReportDocumentInput['mapImage'] } {
  const config = useGetClientConfigQuery();
  const points = input ? reportMapPoints(input) : null;
  const wanted = !!points && !!config.data?.mapTileUrl;
  const street = useGetReportMapQuery(wanted ? { points } : skipToken);
  if (config.isLoading) return { ready: false, map: null };
  if (!wanted) return { ready: true, map: null };
  return { ready: !street.isFetching, map: street.isError ? null : (street.data ?? null) };
}
