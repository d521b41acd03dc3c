/**
 * Guests' reviews (issue 25, point 2): a guest reviews their own finished stay or delivered order
 * once; every refusal answers a `detail` in the request's language; the letter asking for a review
 * goes once per stay or order; staff show, hide and answer; the public list shows approved ones only,
 * newest first, with the answer. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, type AdminReviews, type OwnReview, type PublicReviews, type Reviewable } from '@hotel/domain';
import { auditEvents, orders, reviewRequests, reviews } from '../../src/db/schema';
import { sendReviewLetters } from '../../src/modules/reviews/letters';
import { createTestApp, type TestApp } from '../app';
import { captureMail, day, insertReservation, insertRooms, setLanguage, type SentMail, type TestRooms } from '../hotel-fixtures';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let rooms: TestRooms;
let mail: SentMail[];
let anna: TestUser;
let boris: TestUser;
let admin: TestUser;
/** Anna's stays and orders. */
let finishedStay: number;
let futureStay: number;
let cancelledStay: number;
let deliveredOrder: number;
let cookingOrder: number;

const address = { label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null };

async function insertOrder(userId: number, status: 'completed' | 'in_progress', deliveredAt: Date | null = new Date()) {
  const [row] = await t.database.db
    .insert(orders)
    .values({ userId, status, address, itemsTotal: 10_00, deliveryFee: 139_00, total: 149_00, paidAt: new Date(), deliveredAt: status === 'completed' ? deliveredAt : null })
    .returning({ id: orders.id });
  return row!.id;
}

const post = (user: TestUser, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/reviews/', headers: { ...user.headers, ...headers }, payload: payload as object });

const review = (over: Record<string, unknown> = {}) => ({ kind: 'stay', subject_id: finishedStay, stars: 5, text: 'Тихо, тепло, вкусный завтрак.', language: 'ru', ...over });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  mail = captureMail(t);
  rooms = await insertRooms(t);
  anna = await createUser(t, { firstName: 'Анна' });
  boris = await createUser(t, { firstName: 'Boris' });
  admin = await createUser(t, { role: 'admin' });
  await setLanguage(t, boris.id, 'en');
  finishedStay = await insertReservation(t, { userId: anna.id, roomId: rooms.double, arrival: day(-5), departure: day(-2) });
  futureStay = await insertReservation(t, { userId: anna.id, roomId: rooms.double, arrival: day(20), departure: day(22) });
  cancelledStay = await insertReservation(t, { userId: anna.id, roomId: rooms.family, arrival: day(-9), departure: day(-7), canceled: true });
  deliveredOrder = await insertOrder(anna.id, 'completed');
  cookingOrder = await insertOrder(anna.id, 'in_progress');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a guest reviews their own finished stay or order, once (issue 25.2)', () => {
  it('lists the finished stays and delivered orders only, none reviewed yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/reviews/mine/', headers: anna.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json<Reviewable[]>();
    expect(items.map((item) => `${item.kind}:${item.subject_id}`).sort()).toEqual([`order:${deliveredOrder}`, `stay:${finishedStay}`].sort());
    expect(items.every((item) => item.review === null)).toBe(true);
    expect(items.find((item) => item.kind === 'stay')!.room).toEqual({ ru: expect.any(String), en: expect.any(String) });
  });

  it('takes a review of a finished stay, kept as written with its language, waiting for staff', async () => {
    const text = '  <b>Тихо</b>, тепло.\nВкусный завтрак!  ';
    const res = await post(anna, review({ text, stars: 4 }));
    expect(res.statusCode).toBe(201);
    const body = res.json<OwnReview>();
    expect(body).toMatchObject({ kind: 'stay', stars: 4, text, language: 'ru', state: 'pending', answer: null, author: 'Анна' });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews/mine/', headers: anna.headers })).json<Reviewable[]>();
    expect(mine.find((item) => item.subject_id === finishedStay && item.kind === 'stay')!.review?.id).toBe(body.id);
  });

  it('refuses a second review of the same stay: 409 in the review’s language', async () => {
    const ru = await post(anna, review());
    expect(ru.statusCode).toBe(409);
    expect(ru.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.already'].ru);
    const en = await post(anna, review({ language: 'en', text: 'Lovely' }));
    expect(en.statusCode).toBe(409);
    expect(en.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.already'].en);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.reservationId, finishedStay))).toHaveLength(1);
  });

  it('refuses someone else’s stay or order as if it did not exist: 404', async () => {
    const stay = await post(boris, review({ language: 'en', text: 'Not mine' }));
    expect(stay.statusCode).toBe(404);
    expect(stay.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.notFound'].en);
    const order = await post(boris, review({ kind: 'order', subject_id: deliveredOrder, language: 'ru' }));
    expect(order.statusCode).toBe(404);
    expect(order.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.notFound'].ru);
    const missing = await post(anna, review({ subject_id: 2_000_000_000 }));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a stay not over yet, a cancelled stay and an order not delivered: 409', async () => {
    for (const [kind, id] of [
      ['stay', futureStay],
      ['stay', cancelledStay],
      ['order', cookingOrder],
    ] as const) {
      const res = await post(anna, review({ kind, subject_id: id, language: 'en' }));
      expect(res.statusCode, `${kind} ${id}`).toBe(409);
      expect(res.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.notFinished'].en);
    }
  });

  it.each([
    ['no stars', { stars: 0 }, 'account:reviews.validation.stars'],
    ['six stars', { stars: 6 }, 'account:reviews.validation.stars'],
    ['half a star', { stars: 4.5 }, 'account:reviews.validation.stars'],
    ['stars as text', { stars: '5' }, 'account:reviews.validation.stars'],
    ['an empty text', { text: '' }, 'account:reviews.validation.textRequired'],
    ['a blank text', { text: ' \n\t ' }, 'account:reviews.validation.textRequired'],
    ['a text over the limit', { text: 'я'.repeat(REVIEW_TEXT_MAX + 1) }, 'account:reviews.validation.textTooLong'],
  ] as const)('refuses %s: 422 with the detail in both languages', async (_name, over, key) => {
    for (const language of ['ru', 'en'] as const) {
      const res = await post(anna, review({ kind: 'order', subject_id: deliveredOrder, language, ...over }));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(REVIEW_MESSAGES[key][language]);
    }
    expect(await t.database.db.select().from(reviews).where(eq(reviews.orderId, deliveredOrder))).toHaveLength(0);
  });

  it('a body without a language answers in the visitor’s: the account’s', async () => {
    const res = await post(boris, { kind: 'stay', subject_id: finishedStay, stars: 9, text: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^body\.stars: /);
    expect(res.json().detail).toContain(REVIEW_MESSAGES['account:reviews.validation.stars'].en);
  });

  it('takes the text of exactly the limit, of a delivered order', async () => {
    const res = await post(anna, review({ kind: 'order', subject_id: deliveredOrder, text: 'я'.repeat(REVIEW_TEXT_MAX), stars: 3 }));
    expect(res.statusCode).toBe(201);
  });

  it('anonymous visitors are refused before the body is read', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/reviews/', headers: t.headers, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the letter asking for a review goes once per stay or order (issue 25.2)', () => {
  it('asks about each finished stay and delivered order not yet reviewed, once, with a link to its form', async () => {
    const guest = await createUser(t, { firstName: 'Clara' });
    await setLanguage(t, guest.id, 'en');
    const stay = await insertReservation(t, { userId: guest.id, roomId: rooms.family, arrival: day(-3), departure: day(-1) });
    const order = await insertOrder(guest.id, 'completed');
    // Long ago: not asked about. Not over: not asked about.
    await insertReservation(t, { userId: guest.id, roomId: rooms.family, arrival: day(-60), departure: day(-58) });
    await insertOrder(guest.id, 'in_progress');
    mail.length = 0;

    await sendReviewLetters(t.app);
    const toClara = mail.filter((letter) => letter.to === guest.email);
    expect(toClara).toHaveLength(2);
    const stayLetter = toClara.find((letter) => letter.text.includes(`kind=stay&id=${stay}`))!;
    expect(stayLetter.subject).toMatch(/^How was your stay\?/);
    expect(stayLetter.text).toContain(`/account/reviews?kind=stay&id=${stay}`);
    expect(stayLetter.html).toContain(`/account/reviews?kind=stay&amp;id=${stay}`);
    expect(toClara.some((letter) => letter.text.includes(`kind=order&id=${order}`))).toBe(true);
    // Anna reviewed her stay and her order before: no letter about them.
    expect(mail.some((letter) => letter.to === anna.email)).toBe(false);

    mail.length = 0;
    await sendReviewLetters(t.app);
    await Promise.all([sendReviewLetters(t.app), sendReviewLetters(t.app)]);
    expect(mail).toHaveLength(0);
    const recorded = await t.database.db.select().from(reviewRequests).where(eq(reviewRequests.userId, guest.id));
    expect(recorded).toHaveLength(2);
  });

  it('a letter that could not be sent is asked again next round, and then only once', async () => {
    const guest = await createUser(t, { firstName: 'Dana' });
    const stay = await insertReservation(t, { userId: guest.id, roomId: rooms.double, arrival: day(-12), departure: day(-10) });
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect(await sendReviewLetters(t.app)).toBe(0);
    } finally {
      t.app.mailer.send = send;
    }
    mail.length = 0;
    await sendReviewLetters(t.app);
    await sendReviewLetters(t.app);
    const letters = mail.filter((letter) => letter.to === guest.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toMatch(/^Как вам у нас\?/);
    expect(letters[0]!.text).toContain(`kind=stay&id=${stay}`);
  });
});

describe('staff moderate; the public sees approved reviews only (issue 25.2)', () => {
  let stayReview: number;

  it('only staff list and moderate (users 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews/', headers: anna.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews/?state=pending&kind=stay', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminReviews>();
    expect(body.reviews).toHaveLength(1);
    expect(body.reviews[0]).toMatchObject({ kind: 'stay', subject_id: finishedStay, state: 'pending', guest: { email: anna.email } });
    expect(body.counts).toEqual({ pending: 1, approved: 0, hidden: 0 });
    stayReview = body.reviews[0]!.id;
  });

  it('a pending review is not public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=stay', headers: t.headers });
    expect(res.json<PublicReviews>()).toEqual({ kind: 'stay', count: 0, average: null, reviews: [] });
  });

  it('approved and answered, it is public with the answer; hidden, it is gone again', async () => {
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/reviews/${stayReview}/`,
      headers: admin.headers,
      payload: { state: 'approved', answer: 'Спасибо, ждём снова!' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ state: 'approved', answer: 'Спасибо, ждём снова!', moderated_at: expect.any(String), answered_at: expect.any(String) });

    const shown = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=stay', headers: t.headers })).json<PublicReviews>();
    expect(shown).toMatchObject({ count: 1, average: 4, reviews: [{ id: stayReview, stars: 4, answer: 'Спасибо, ждём снова!', language: 'ru', author: 'Анна' }] });
    expect(JSON.stringify(shown)).not.toContain(anna.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=order', headers: t.headers })).json<PublicReviews>().count).toBe(0);

    // The change log keeps who showed it and what they answered, in the same transaction.
    const logged = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `review ${stayReview}`));
    expect(logged).toEqual([
      expect.objectContaining({ action: 'review.moderate', actorId: admin.id, before: { shown: false, answer: null }, after: { shown: true, answer: 'Спасибо, ждём снова!' } }),
    ]);

    const noAnswer = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/reviews/${stayReview}/`, headers: admin.headers, payload: { answer: '' } });
    expect(noAnswer.json()).toMatchObject({ state: 'approved', answer: null, answered_at: null });

    await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/reviews/${stayReview}/`, headers: admin.headers, payload: { state: 'hidden' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=stay', headers: t.headers })).json<PublicReviews>().count).toBe(0);
  });

  it('newest first, and the rating counts every approved review', async () => {
    const other = await createUser(t, { firstName: 'Eva' });
    const older = await insertReservation(t, { userId: other.id, roomId: rooms.family, arrival: day(-20), departure: day(-18) });
    const made = await post(other, review({ subject_id: older, stars: 2, text: 'Шумно', language: 'ru' }));
    expect(made.statusCode).toBe(201);
    await t.database.db.update(reviews).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(reviews.id, made.json<OwnReview>().id));
    for (const id of [stayReview, made.json<OwnReview>().id]) {
      await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/reviews/${id}/`, headers: admin.headers, payload: { state: 'approved' } });
    }
    const shown = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=stay', headers: t.headers })).json<PublicReviews>();
    expect(shown.reviews.map((r) => r.id)).toEqual([stayReview, made.json<OwnReview>().id]);
    expect(shown).toMatchObject({ count: 2, average: 3 });
  });

  it('refuses bad moderation in the staff member’s language', async () => {
    await setLanguage(t, admin.id, 'en');
    const cases: [string, unknown, number, string][] = [
      [`/api/v1/admin/reviews/${stayReview}/`, {}, 422, REVIEW_MESSAGES['account:reviews.validation.nothingToChange'].en],
      [`/api/v1/admin/reviews/${stayReview}/`, { answer: 'x'.repeat(2001) }, 422, REVIEW_MESSAGES['account:reviews.validation.answerTooLong'].en],
      [`/api/v1/admin/reviews/${stayReview}/`, { state: 'pending' }, 422, 'Invalid input'],
      ['/api/v1/admin/reviews/2000000000/', { state: 'hidden' }, 404, REVIEW_MESSAGES['account:reviews.refused.reviewNotFound'].en],
    ];
    for (const [url, payload, status, detail] of cases) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: admin.headers, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().detail).toContain(detail);
    }
    await setLanguage(t, admin.id, 'ru');
    const ru = await t.app.inject({ method: 'PATCH', url: '/api/v1/admin/reviews/2000000000/', headers: admin.headers, payload: { state: 'hidden' } });
    expect(ru.json().detail).toBe(REVIEW_MESSAGES['account:reviews.refused.reviewNotFound'].ru);
  });

  it('refuses a filter it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/reviews/?state=deleted', headers: admin.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});
