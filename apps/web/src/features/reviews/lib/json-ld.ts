/** schema.org's rating and reviews (JSON-LD) of the hotel or the restaurant, from the approved reviews. */
import { REVIEW_STARS_MAX, REVIEW_STARS_MIN, type PublicReviews } from '@hotel/domain';

/**
 * `subject` (a Hotel, a Restaurant) with `aggregateRating` (of every approved review) and `review`
 * (the newest shown, those whose author gave a name: schema.org's Review needs one), when there are reviews.
 */
export function withReviewsJsonLd<T extends object>(subject: T, reviews: PublicReviews | undefined): T {
  if (!reviews || reviews.count === 0 || reviews.average === null) return subject;
  const scale = { bestRating: REVIEW_STARS_MAX, worstRating: REVIEW_STARS_MIN };
  return {
    ...subject,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count, ...scale },
    review: reviews.reviews.flatMap((review) =>
      review.author === null
        ? []
        : [
            {
              '@type': 'Review',
              reviewRating: { '@type': 'Rating', ratingValue: review.stars, ...scale },
              author: { '@type': 'Person', name: review.author },
              datePublished: review.created_at.slice(0, 10),
              reviewBody: review.text,
              inLanguage: review.language,
            },
          ],
    ),
  };
}
