import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES, type AdminReviews, type Reviewable } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders, type FakeCall } from '../../../test/render';
import { AdminReviews as AdminReviewsScreen } from './admin-reviews';
import { MyReviews } from './my-reviews';

const stay: Reviewable = { kind: 'stay', subject_id: 42, room: { ru: 'Мансарда', en: 'The Attic' }, from: '2026-11-10', to: '2026-11-12', review: null };
const order: Reviewable = { kind: 'order', subject_id: 7, room: null, from: '2026-11-20', to: '2026-11-20', review: null };

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

describe('the account’s reviews (issue 25.2)', () => {
  it('the letter’s link opens its stay’s form; stars and a text are sent in the site’s language, and the review stands waiting', async () => {
    let list = [stay, order];
    const api = fakeApi({
      'GET reviews/mine/': () => ({ status: 200, body: list }),
      'POST reviews/': (call: FakeCall) => {
        const body = call.body as { stars: number; text: string; language: 'ru' | 'en' };
        const review = { id: 1, kind: 'stay' as const, author: 'Анна Н.', created_at: '2026-11-26T10:00:00.000Z', answer: null, answered_at: null, state: 'pending' as const, ...body };
        list = [{ ...stay, review }, order];
        return { status: 201, body: review };
      },
    });
    renderWithProviders(<MyReviews />, { route: '/account/reviews?kind=stay&id=42' });
    const form = await screen.findByTestId('review-form');
    // Only the named stay's form is open; the order offers its button.
    expect(screen.getAllByTestId('review-form')).toHaveLength(1);
    expect(within(screen.getAllByTestId('reviewable')[1]!).getByRole('button', { name: 'Написать отзыв' })).toBeInTheDocument();

    // Nothing chosen: the form says what is missing, in Russian, and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить отзыв' }));
    expect(await within(form).findByText('Поставьте оценку от 1 до 5 звёзд')).toBeInTheDocument();
    expect(within(form).getByText('Напишите несколько слов')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(form).getByRole('radio', { name: '4 звезды' }));
    await userEvent.type(within(form).getByLabelText('Ваш отзыв'), 'Тихо и <b>тепло</b>');
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить отзыв' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'stay', subject_id: 42, stars: 4, text: 'Тихо и <b>тепло</b>', language: 'ru' }));
    const own = await screen.findByTestId('own-review');
    expect(own).toHaveTextContent('Тихо и <b>тепло</b>');
    expect(own.querySelector('b')).toBeNull();
    expect(within(own).getByTestId('own-review-state')).toHaveTextContent('Ждёт проверки');
    expect(screen.queryByTestId('review-form')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal as it says it, and a stay the address names that is not the guest’s', async () => {
    await i18n.changeLanguage('en');
    fakeApi({
      'GET reviews/mine/': () => ({ status: 200, body: [stay] }),
      'POST reviews/': () => ({ status: 409, body: { detail: REVIEW_MESSAGES['account:reviews.refused.already'].en } }),
    });
    renderWithProviders(<MyReviews />, { route: '/account/reviews?kind=stay&id=99' });
    expect(await screen.findByTestId('review-not-found')).toHaveTextContent('There is no such stay or order in your account.');
    expect(screen.queryByTestId('review-form')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const form = screen.getByTestId('review-form');
    await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Lovely');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You have already reviewed this');
  });

  it('says so when there is nothing to review yet', async () => {
    fakeApi({ 'GET reviews/mine/': () => ({ status: 200, body: [] }) });
    renderWithProviders(<MyReviews />, { route: '/account/reviews' });
    expect(await screen.findByText(/Пока таких нет/)).toBeInTheDocument();
  });
});

describe('/admin/reviews (issue 25.2)', () => {
  it('lists the new ones first; staff show one on the site, and it leaves the list of new ones', async () => {
    const review = {
      id: 5,
      kind: 'stay' as const,
      stars: 2,
      text: 'Шумно ночью',
      language: 'ru' as const,
      author: 'Анна Н.',
      created_at: '2026-11-26T10:00:00.000Z',
      answer: null,
      answered_at: null,
      state: 'pending' as const,
      subject_id: 42,
      guest: { id: 7, email: 'anna@example.com', name: 'Анна Новик' },
      moderated_at: null,
    };
    let page: AdminReviews = { reviews: [review], counts: { pending: 1, approved: 0, hidden: 0 } };
    const api = fakeApi({
      'GET admin/reviews/': () => ({ status: 200, body: page }),
      'PATCH admin/reviews/5/': (call: FakeCall) => {
        page = { reviews: [], counts: { pending: 0, approved: 1, hidden: 0 } };
        return { status: 200, body: { ...review, ...(call.body as object), moderated_at: '2026-11-26T11:00:00.000Z' } };
      },
    });
    renderWithProviders(<AdminReviewsScreen />);
    const row = await screen.findByTestId('admin-review');
    expect(api.calls[0]!.path).toBe('admin/reviews/?state=pending');
    expect(row).toHaveTextContent('Бронирование №42');
    expect(within(row).getByText('Шумно ночью')).toHaveAttribute('lang', 'ru');
    await userEvent.click(within(row).getByRole('button', { name: 'Показать на сайте' }));
    expect(await screen.findByText('Отзыв на сайте.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ state: 'approved' });
    expect(await screen.findByText('Нет отзывов с такими фильтрами.')).toBeInTheDocument();
  });
});
