import { describe, expect, it } from 'vitest';
import { LARGE_SET, planChunks, type PlannedChunk } from '../../scripts/chunk-plan.mjs';

/** A chunk of a first build: its modules (id → rendered bytes) and the chunks it imports. */
const chunk = (fileName: string, modules: Record<string, number>, rest: Partial<PlannedChunk> = {}): PlannedChunk => ({
  fileName,
  type: 'chunk',
  modules: Object.fromEntries(Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }])),
  ...rest,
});

// Three public pages (`/` first) and a staff screen, as Rolldown splits them: by every route that
// shares a module, the staff screen included.
const output = [
  chunk('index.js', { '/src/main.tsx': 50_000 }, { isEntry: true }),
  chunk('home.js', { '/src/routes/home.tsx': 3_000 }, { name: 'home', facadeModuleId: '/src/routes/home.tsx', imports: ['index.js', 'about.js', 'money.js'], dynamicImports: ['carousel.js'] }),
  chunk('restaurant.js', { '/src/routes/restaurant.tsx': 3_000 }, { name: 'restaurant', facadeModuleId: '/src/routes/restaurant.tsx', imports: ['index.js', 'money.js', 'card.js', 'dishes.js', 'schemas.js'] }),
  chunk('hotel.js', { '/src/routes/hotel.tsx': 3_000 }, { name: 'hotel', facadeModuleId: '/src/routes/hotel.tsx', imports: ['index.js', 'money.js', 'card.js', 'schemas.js', 'nights.js'] }),
  chunk('admin.js', { '/src/routes/admin.tsx': 3_000 }, { facadeModuleId: '/src/routes/admin.tsx', imports: ['index.js', 'money.js', 'about.js'] }),
  chunk('carousel.js', { '/src/routes/carousel.tsx': 1_000 }, { name: 'carousel', facadeModuleId: '/src/routes/carousel.tsx', imports: ['index.js', 'card.js'] }),
  chunk('about.js', { '/src/about.ts': 900 }),
  chunk('money.js', { '/src/money.ts': 500 }),
  chunk('card.js', { '/src/card.tsx': 700, '/src/card.module.css': 200 }),
  chunk('dishes.js', { '/src/dishes.ts': 400 }),
  chunk('nights.js', { '/src/nights.ts': 300 }, { imports: ['schemas.js'] }),
  chunk('schemas.js', { '/node_modules/zod/index.js': LARGE_SET + 1 }),
  chunk('texts.js', { '/src/locales/ru/common.json': 800 }),
];
const pages = ['/src/routes/home.tsx', '/src/routes/restaurant.tsx', '/src/routes/hotel.tsx'];

describe('the chunk plan of the public pages (decision 074)', () => {
  const plan = planChunks(output, pages);

  it('puts what only `/` loads into one chunk, and what it shares with other public pages into another', () => {
    expect(plan.get('/src/about.ts')).toBe('home');
    expect(plan.get('/src/money.ts')).toBe('home-shared');
  });

  it('keeps a large set of pages a chunk of its own, which the small sets inside it join', () => {
    expect(plan.get('/node_modules/zod/index.js')).toBe('pages-restaurant-hotel');
    // Only /hotel needs the nights, only /restaurant the dishes, and both load the large chunk anyway.
    expect(plan.get('/src/nights.ts')).toBe('pages-restaurant-hotel');
    expect(plan.get('/src/dishes.ts')).toBe('pages-restaurant-hotel');
  });

  it('puts the small sets no large one holds into the site chunk, a lazy part counting as a page of its own', () => {
    // The card is needed by /restaurant, /hotel and `/`'s carousel, which is loaded after the page is live.
    expect(plan.get('/src/card.tsx')).toBe('site');
    expect(plan.get('/src/card.module.css')).toBe('site');
  });

  it('leaves the routes, the lazy parts, the texts and what no public page loads where Rolldown puts them', () => {
    for (const id of [...pages, '/src/routes/carousel.tsx', '/src/routes/admin.tsx', '/src/main.tsx', '/src/locales/ru/common.json']) {
      expect(plan.has(id), id).toBe(false);
    }
  });

  it('fails the build when a public page has no chunk of its own', () => {
    expect(() => planChunks(output, [...pages, '/src/routes/gone.tsx'])).toThrow('no chunk for /src/routes/gone.tsx');
  });
});
