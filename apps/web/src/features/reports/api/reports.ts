/** The owner's report of a period: GET admin/reports/. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportPageSchema, type ReportPage } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export interface ReportPeriod {
  from: string;
  to: string;
}

export const reportQuery = (period: ReportPeriod | null) =>
  queryOptions({
    queryKey: ['admin', 'reports', period],
    queryFn: ({ signal }) => api<ReportPage>('admin/reports/', { query: { ...period }, schema: reportPageSchema, signal }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });

export const useReport = (period: ReportPeriod | null) => useQuery(reportQuery(period));
