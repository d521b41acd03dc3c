import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Image, Language, PublicReviews, Room } from '@hotel/domain';
import { prerenderedPages } from '../../app/route-tables/public-routes';
import { roomsQuery } from '../../features/hotel/api/get-rooms';
import { reviewsQuery } from '../../features/reviews/api/public-reviews';
import { appDataScript, seedFromPage } from '../../shared/api/app-data';
import { createQueryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n';
import { HeadCollectorContext, type HeadCollector } from '../../shared/seo/page-meta';
import { testRoom } from '../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../test/render';
import { Component as HotelPage } from './index';

const picture = (file: string): Image => ({
  src: `http://localhost/api/v1/uploads/${file}`,
  widths: [320, 640, 960, 1280],
  alt: { ru: `Фото ${file}`, en: `Photo ${file}` },
});

const rooms: Room[] = [
  testRoom({ id: 1, slug: 'attic', price: 25_000, images: [picture('attic.webp'), picture('attic-2.webp')] }),
  testRoom({ id: 2, slug: 'suite', name: { ru: 'Люкс с камином', en: 'Fireplace suite' }, price: 125_050, images: [picture('suite.webp')] }),
  testRoom({ id: 3, slug: 'merchant', name: { ru: 'Купеческая', en: 'The Merchant’s Room' }, price: 30_000, images: [picture('merchant.webp')] }),
];

/** The approved reviews of stays, as GET reviews/?kind=stay answers (issue 25, point 2). */
const reviews: PublicReviews = {
  kind: 'stay',
  count: 2,
  average: 4.5,
  reviews: [
    {
      id: 2,
      kind: 'stay',
      stars: 5,
      text: '<b>Тихо</b> и тепло.\nВернёмся!',
      language: 'ru',
      author: 'Анна К.',
      created_at: '2026-11-20T10:00:00.000Z',
      answer: 'Спасибо, ждём вас снова!',
      answered_at: '2026-11-21T10:00:00.000Z',
    },
    { id: 1, kind: 'stay', stars: 4, text: 'Lovely old house.', language: 'en', author: null, created_at: '2026-11-02T10:00:00.000Z', answer: null, answered_at: null },
  ],
};

const page = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={['/hotel']}>
      <HotelPage />
    </MemoryRouter>
  </QueryClientProvider>
);

/** What the server does (apps/web/src/entry-server.tsx): the page drawn with the rooms, and the data it carries. */
function renderOnServer() {
  const client = createQueryClient();
  client.setQueryData(roomsQuery.queryKey, rooms);
  client.setQueryData(reviewsQuery('stay').queryKey, reviews);
  const head: HeadCollector = {};
  const html = renderToString(<HeadCollectorContext.Provider value={head}>{page(client)}</HeadCollectorContext.Provider>);
  // React separates neighbouring texts with empty comments: "250<!-- --> <!-- -->BYN".
  const data = appDataScript([
    [roomsQuery.queryKey, rooms],
    [reviewsQuery('stay').queryKey, reviews],
  ]);
  return { html, text: html.replaceAll('<!-- -->', ''), head, data };
}

async function inLanguage(language: Language, test: () => Promise<void> | void) {
  await i18n.changeLanguage(language);
  try {
    await test();
  } finally {
    await i18n.changeLanguage('ru');
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('/hotel rendered with its rooms', () => {
  it('HOT-01: the server draws every room with its name, price and first picture, and the page meta', () => {
    const { html, text, head } = renderOnServer();
    expect(head).toMatchObject({ path: '/hotel', language: 'ru', title: 'Отель — Дом 1799, Гродно' });
    expect(html).toContain('Восемь номеров в доме 1799 года</h1>');
    expect(html).toContain('data-testid="room-list"');
    expect(html).not.toContain('data-testid="room-list-loading"');
    for (const name of ['Мансарда', 'Люкс с камином', 'Купеческая']) expect(html).toContain(`${name}</h3>`);
    expect(text).toContain('>250\u00a0BYN</strong> <span>за ночь');
    expect(text).toContain('>1\u00a0250,50\u00a0BYN<');
    expect(html).toContain('attic.webp?w=1280');
    expect(html).not.toContain('attic-2.webp');
    // HOT-02: the filter form is in the HTML too.
    expect(html).toContain('data-testid="room-search"');
  });

  it('issue 25.2: the server draws the approved reviews, newest first, as text, with the answer, and the rating in the JSON-LD', () => {
    const { html, text, head } = renderOnServer();
    expect(text).toContain('Отзывы гостей</h2>');
    expect(text).toContain('2 отзыва');
    // As written, never as markup, each marked with its language.
    expect(html).toContain('&lt;b&gt;Тихо&lt;/b&gt; и тепло.\nВернёмся!');
    expect(html).not.toContain('<b>Тихо</b>');
    expect(html).toContain('<article lang="en">');
    expect(html.indexOf('Анна К.')).toBeLessThan(html.indexOf('Lovely old house.'));
    expect(html).toContain('Спасибо, ждём вас снова!');
    expect(html).toContain('>Гость<');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Hotel',
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
        // Only reviews with an author's name: schema.org's Review needs one.
        review: [
          {
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: 'Анна К.' },
            datePublished: '2026-11-20',
            reviewBody: '<b>Тихо</b> и тепло.\nВернёмся!',
            inLanguage: 'ru',
          },
        ],
      }),
    ]);
  });

  it('HOT-01: hydrates the rooms the server drew without a mismatch, from the data the page carries', async () => {
    // The client must not fetch the rooms before it has hydrated them: any request fails the test.
    const api = fakeApi({});
    const { html, data } = renderOnServer();
    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    document.body.append(prerendered);
    document.body.insertAdjacentHTML('beforeend', data);
    const before = prerendered.innerHTML;

    // As src/main.tsx starts.
    const client = createQueryClient();
    seedFromPage(client);
    const mismatches: unknown[] = [];
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(prerendered, page(client), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(prerendered.innerHTML).toBe(before);
    expect(api.calls).toEqual([]);
    act(() => root.unmount());
  });

  it('HOT-01: in English too', async () => {
    await inLanguage('en', async () => {
      const { html, text, head, data } = renderOnServer();
      expect(head.title).toBe('Hotel — House 1799, Grodno');
      expect(html).toContain('Fireplace suite</h3>');
      expect(text).toContain('>1,250.50\u00a0BYN</strong> <span>per night');

      fakeApi({});
      const prerendered = document.createElement('div');
      prerendered.innerHTML = html;
      document.body.append(prerendered);
      document.body.insertAdjacentHTML('beforeend', data);
      const client = createQueryClient();
      seedFromPage(client);
      const mismatches: unknown[] = [];
      let root!: Root;
      await act(async () => {
        root = hydrateRoot(prerendered, page(client), { onRecoverableError: (error) => mismatches.push(error) });
      });
      expect(mismatches).toEqual([]);
      act(() => root.unmount());
    });
  });

  it('gives every picture its size, so nothing moves as they load; the first loads with the page, the others when near', async () => {
    fakeApi({ 'GET hotel/rooms/': () => ({ status: 200, body: rooms }) });
    renderWithProviders(<HotelPage />, { route: '/hotel' });
    const cards = await screen.findAllByTestId('room-card');
    const pictures = cards.map((card) => card.querySelector('img')!);
    for (const img of pictures) {
      expect(img).toHaveAttribute('width', '1600');
      expect(img).toHaveAttribute('height', '1067');
      expect(img).toHaveAttribute('sizes');
    }
    expect(pictures.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    // Just below the first screen: it must not take the connection from what is on it.
    expect(pictures[0]).not.toHaveAttribute('fetchpriority');
  });

  it('is prerendered with the namespaces it needs, and rendered again on request with its rooms', () => {
    expect(prerenderedPages).toContainEqual({ path: '/hotel', module: 'src/routes/hotel/index.tsx', namespaces: ['common', 'hotel', 'reviews'], renderedOnRequest: true });
  });
});
