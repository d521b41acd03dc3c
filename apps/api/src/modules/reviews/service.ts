/**
 * The rules of reviews: a guest reviews only their own stay or order, once it is finished, once;
 * staff show, hide or answer them. Refusals answer in the request's language (the review's own,
 * or the visitor's), in the domain's words (REVIEW_MESSAGES).
 */
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_REVIEWS_MAX,
  REVIEWS_SHOWN,
  reviewAuthor,
  reviewMessage,
  type AdminReview,
  type AdminReviews,
  type AdminReviewsQuery,
  type Language,
  type OwnReview,
  type PublicReview,
  type PublicReviews,
  type Reviewable,
  type ReviewInput,
  type ReviewKind,
  type ReviewMessageKey,
  type ReviewModeration,
} from '@hotel/domain';
import { audit, changedFields } from '../../change-log/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { preferredLanguage } from '../auth/users';
import * as repo from './repository';

/** A refusal in the request's language. */
export function refusal(status: number, key: ReviewMessageKey, language: Language): HttpError {
  return new HttpError(status, reviewMessage(key, language));
}

/** The language a request's refusals speak: the signed-in guest's, else the browser's. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? preferredLanguage(request);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentPublic(row: repo.ReviewWithAuthor): PublicReview {
  return {
    id: row.id,
    kind: row.kind,
    stars: row.stars,
    text: row.text,
    language: row.language,
    author: reviewAuthor(row.firstName, row.lastName),
    created_at: row.createdAt.toISOString(),
    answer: row.answer,
    answered_at: iso(row.answeredAt),
  };
}

const presentOwn = (row: repo.ReviewWithAuthor): OwnReview => ({ ...presentPublic(row), state: row.state });

function presentAdmin(row: repo.ReviewWithAuthor): AdminReview {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    ...presentOwn(row),
    subject_id: (row.kind === 'stay' ? row.reservationId : row.orderId) ?? 0,
    guest: { id: row.userId, email: row.email, name },
    moderated_at: iso(row.moderatedAt),
  };
}

export async function publicReviews(db: Db, kind: ReviewKind): Promise<PublicReviews> {
  const { list, count, average } = await repo.approvedReviews(db, kind, REVIEWS_SHOWN);
  return { kind, count, average, reviews: list.map(presentPublic) };
}

/** The guest's review of their stay or order. The body's language is the one refusals speak. */
export async function writeReview(db: Db, userId: number, input: ReviewInput): Promise<OwnReview> {
  const language = input.language;
  const subject = await repo.findSubject(db, input.kind, input.subject_id);
  // Someone else's stay is answered as one that does not exist: ids of others are not confirmed.
  if (!subject || subject.userId !== userId) throw refusal(404, 'account:reviews.refused.notFound', language);
  if (!subject.finished) throw refusal(409, 'account:reviews.refused.notFinished', language);
  const row = await repo.insertReview(db, { userId, kind: input.kind, subjectId: input.subject_id, stars: input.stars, text: input.text, language });
  if (!row) throw refusal(409, 'account:reviews.refused.already', language);
  const stored = await repo.findReview(db, row.id);
  return presentOwn(stored!);
}

export async function reviewablesOf(db: Db, userId: number): Promise<Reviewable[]> {
  const [items, own] = await Promise.all([repo.reviewables(db, userId), repo.reviewsOf(db, userId)]);
  const byId = new Map(own.map((row) => [row.id, row]));
  return items.map((item) => {
    const review = item.reviewId === null ? undefined : byId.get(item.reviewId);
    return { kind: item.kind, subject_id: item.subjectId, room: item.room, from: item.from, to: item.to, review: review ? presentOwn(review) : null };
  });
}

export async function adminReviews(db: Db, query: AdminReviewsQuery): Promise<AdminReviews> {
  const [rows, counts] = await Promise.all([repo.listReviews(db, query, ADMIN_REVIEWS_MAX), repo.countByState(db, query.kind)]);
  return { reviews: rows.map(presentAdmin), counts };
}

/** Staff show, hide or answer a review; the change log records it in the same transaction. */
export async function moderate(request: FastifyRequest, id: number, change: ReviewModeration, language: Language): Promise<AdminReview> {
  const db = request.server.db;
  await db.transaction(async (tx) => {
    const moderated = await repo.moderateReview(tx, id, change);
    if (!moderated) throw refusal(404, 'account:reviews.refused.reviewNotFound', language);
    const fields = changedFields(moderated.before, moderated.after);
    if (fields) await audit(tx, request, { action: 'review.moderate', target: `review ${id}`, ...fields });
  });
  return presentAdmin((await repo.findReview(db, id))!);
}
