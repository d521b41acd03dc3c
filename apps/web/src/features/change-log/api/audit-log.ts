/** GET admin/log/ (superuser only), a page of fifty at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const auditLogQuery = infiniteQueryOptions({
  queryKey: ['admin', 'log'],
  queryFn: ({ pageParam, signal }) =>
    api<AuditPage>('admin/log/', { query: { before: pageParam ?? undefined }, schema: auditPageSchema, signal }),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.next,
  staleTime: 0,
});

export const useAuditLog = () => useInfiniteQuery(auditLogQuery);
