/** The guest's side: their finished stays and orders (GET reviews/mine/) and writing a review (POST reviews/). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownReviewSchema, reviewablesSchema, type OwnReview, type Reviewable, type ReviewInput } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const myReviewsQuery = queryOptions({
  queryKey: ['account', 'reviews'],
  queryFn: ({ signal }) => api<Reviewable[]>('reviews/mine/', { schema: reviewablesSchema, signal }),
});

export const useMyReviewables = () => useQuery(myReviewsQuery);

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) => api<OwnReview>('reviews/', { method: 'POST', body, schema: ownReviewSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myReviewsQuery.queryKey }),
  });
}
