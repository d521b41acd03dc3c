/**
 * Guests' reviews (issue 25, point 2): 1–5 stars and a text, kept as written in the language the
 * guest wrote it in, of a finished stay or a delivered order, once each and only the guest's own.
 * Staff approve, hide or answer them (/admin/reviews); approved ones are shown on /hotel (stays)
 * and /delivery (orders), newest first, with the owner's answer.
 */
import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { REVIEW_ANSWER_MAX, REVIEW_STARS_MAX, REVIEW_STARS_MIN, REVIEW_STATES, REVIEW_TEXT_MAX } from '../rules/reviews';
import { idSchema, languageSchema } from './common';

/** A stay (a reservation) or a food order. */
export const REVIEW_KINDS = ['stay', 'order'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Text with something besides blanks in it. */
const hasWords = (text: string) => text.trim().length > 0;

/** POST reviews/: the guest's review of one of their finished stays or delivered orders. */
export const reviewInputSchema = z.strictObject({
  kind: z.enum(REVIEW_KINDS, 'common:validation.invalid'),
  /** The reservation's or the order's id. */
  subject_id: idSchema,
  stars: z
    .number('account:reviews.validation.stars')
    .int('account:reviews.validation.stars')
    .min(REVIEW_STARS_MIN, 'account:reviews.validation.stars')
    .max(REVIEW_STARS_MAX, 'account:reviews.validation.stars'),
  /** Kept as written; it must hold more than blanks. */
  text: z
    .string('account:reviews.validation.textRequired')
    .max(REVIEW_TEXT_MAX, 'account:reviews.validation.textTooLong')
    .refine(hasWords, 'account:reviews.validation.textRequired'),
  /** The language the text is written in (the site's language as the guest wrote it). */
  language: languageSchema,
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A review as the public pages show it. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REVIEW_KINDS),
  stars: z.number().int(),
  text: z.string(),
  language: z.enum(LANGUAGES),
  /** The guest's first name and the initial of their last name, or null when they gave none. */
  author: z.string().nullable(),
  created_at: z.string(),
  /** The owner's answer, as written, or null. */
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET reviews/?kind=: the rating of every approved review of the kind and the newest of them. */
export const publicReviewsSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  count: z.number().int(),
  /** The mean of the stars, to one decimal; null without reviews. */
  average: z.number().nullable(),
  reviews: z.array(publicReviewSchema),
});
export type PublicReviews = z.infer<typeof publicReviewsSchema>;

export const publicReviewsQuerySchema = z.strictObject({ kind: z.enum(REVIEW_KINDS, 'common:validation.invalid') });

/** The guest's own review, with where it stands. */
export const ownReviewSchema = publicReviewSchema.extend({ state: z.enum(REVIEW_STATES) });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A finished stay or delivered order of the guest, with their review of it if written. */
export const reviewableSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  subject_id: z.number().int(),
  /** For a stay: the room's name; for an order: null (the page names it by number). */
  room: z.object({ ru: z.string(), en: z.string() }).nullable(),
  /** A stay's arrival and departure days, or an order's delivery day (both the same). */
  from: z.string(),
  to: z.string(),
  review: ownReviewSchema.nullable(),
});
export type Reviewable = z.infer<typeof reviewableSchema>;
export const reviewablesSchema = z.array(reviewableSchema);

export const adminReviewSchema = ownReviewSchema.extend({
  subject_id: z.number().int(),
  guest: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  moderated_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsSchema = z.object({ reviews: z.array(adminReviewSchema), counts: z.record(z.enum(REVIEW_STATES), z.number().int()) });
export type AdminReviews = z.infer<typeof adminReviewsSchema>;

export const adminReviewsQuerySchema = z.strictObject({
  state: z.enum(REVIEW_STATES, 'common:validation.invalid').optional(),
  kind: z.enum(REVIEW_KINDS, 'common:validation.invalid').optional(),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/** PATCH admin/reviews/:id/: show or hide it, and/or answer it ('' takes the answer away). */
export const reviewModerationSchema = z
  .strictObject({
    state: z.enum(['approved', 'hidden'], 'common:validation.invalid').optional(),
    answer: z.string('common:validation.invalid').max(REVIEW_ANSWER_MAX, 'account:reviews.validation.answerTooLong').optional(),
  })
  .refine((body) => body.state !== undefined || body.answer !== undefined, 'account:reviews.validation.nothingToChange');
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

export const reviewIdParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'common:validation.invalid')
    .transform(Number)
    .pipe(idSchema),
});

/** The author as shown: "Anna K." */
export function reviewAuthor(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  if (!first) return null;
  const initial = lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
