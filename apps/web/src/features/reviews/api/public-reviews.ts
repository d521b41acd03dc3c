import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReviews, ReviewKind } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// Shown on /hotel and /delivery, drawn on the server: not parsed with zod at run time, which would
// put zod into those pages' download (scripts/bench-bundle.mjs). The type is the schema the server checks.
export const reviewsQuery = (kind: ReviewKind) =>
  queryOptions({ queryKey: ['reviews', kind], queryFn: ({ signal }) => api<PublicReviews>('reviews/', { query: { kind }, signal }) });

export function usePublicReviews(kind: ReviewKind) {
  return useQuery(reviewsQuery(kind));
}
