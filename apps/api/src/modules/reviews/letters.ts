/**
 * The letters asking guests for a review: once per finished stay or delivered order, within
 * REVIEW_ASK_WITHIN_DAYS of its end, by a job that runs once per cluster (jobs.ts). A round
 * records each stay or order as asked in the statement that finds it (review_requests), then
 * sends its letter; a letter that could not be sent is given back, so the next round tries again.
 * A process that dies between the two has recorded a letter it never sent: the guest can still
 * review from the account, and no guest is ever asked twice.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { REVIEW_ASK_WITHIN_DAYS } from '@hotel/domain';
import { siteOrigin } from '../../env';
import { scheduleJob, type JobSchedule } from '../../jobs';
import { reviewRequestLetter } from '../../mail/templates/review';
import { releaseRequest, takeDueRequests } from './repository';

/** Letters a round sends at most; the rest wait for the next round. */
const LETTERS_PER_ROUND = 200;

/** Where a letter's link leads: the account's reviews with this stay's or order's form open (signing in first). */
export function reviewPagePath(kind: 'stay' | 'order', id: number): string {
  return `/account/reviews?kind=${kind}&id=${id}`;
}

/** One round: answers how many letters went out. */
export async function sendReviewLetters(app: FastifyInstance): Promise<number> {
  const due = await takeDueRequests(app.db, REVIEW_ASK_WITHIN_DAYS, LETTERS_PER_ROUND);
  const origin = siteOrigin(app.env);
  let sent = 0;
  for (const request of due) {
    // An account whose address nobody confirmed gets no letters; it stays recorded as asked.
    if (!request.isActive) continue;
    const mail = reviewRequestLetter({
      language: request.language,
      kind: request.kind,
      id: request.subjectId,
      name: request.firstName,
      room: request.room?.[request.language] ?? null,
      url: `${origin}${reviewPagePath(request.kind, request.subjectId)}`,
    });
    try {
      await app.mailer.send({ to: request.email, subject: mail.subject, text: mail.text, html: mail.html });
      sent++;
    } catch (error) {
      app.log.error({ err: error, kind: request.kind, subjectId: request.subjectId }, 'review letter not sent: asked again next round');
      await releaseRequest(app.db, request.kind, request.subjectId).catch(() => {});
    }
  }
  if (due.length > 0) app.log.info({ asked: due.length, sent }, 'review letters');
  return sent;
}

export const reviewLettersPlugin = fp(
  async (app: FastifyInstance) => {
    const seconds = app.env.REVIEW_LETTERS_INTERVAL_SECONDS;
    if (seconds <= 0) return;
    let job: JobSchedule | undefined;
    app.addHook('onReady', async () => {
      job = scheduleJob(app.jobLocks, { name: 'review-letters', intervalMs: seconds * 1000, firstAfterMs: Math.min(30_000, seconds * 1000), log: app.log }, () => sendReviewLetters(app));
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  },
  { name: 'review-letters' },
);
