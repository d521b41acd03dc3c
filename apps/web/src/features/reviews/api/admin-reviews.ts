/** Staff's side: GET admin/reviews/ by state and kind, and PATCH admin/reviews/{id}/ to show, hide or answer. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReviewSchema, adminReviewsSchema, type AdminReview, type AdminReviews, type AdminReviewsQuery, type ReviewModeration } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const adminReviewsKey = ['admin', 'reviews'] as const;

export const adminReviewsQuery = (filter: AdminReviewsQuery) =>
  queryOptions({
    queryKey: [...adminReviewsKey, filter],
    queryFn: ({ signal }) => api<AdminReviews>('admin/reviews/', { query: { ...filter }, schema: adminReviewsSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminReviews = (filter: AdminReviewsQuery) => useQuery(adminReviewsQuery(filter));

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ReviewModeration }) =>
      api<AdminReview>(`admin/reviews/${id}/`, { method: 'PATCH', body: change, schema: adminReviewSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
  });
}
