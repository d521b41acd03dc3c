import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../shared/api/leave-for';
import { i18n } from '../shared/i18n';
import { isMissingChunk } from './new-build';
import { LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error-boundary';

vi.mock('../shared/api/leave-for', () => ({ reloadPage: vi.fn() }));

const texts = {
  ru: { title: 'Что-то пошло не так', reload: 'Обновить страницу', home: 'На главную' },
  en: { title: 'Something went wrong', reload: 'Reload the page', home: 'Home page' },
} as const;

const missingChunk = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/hotel-Cv3n1GH.js');

function Broken(): never {
  throw new Error('a bug in a screen');
}

/** A screen in the app's error boundary, as the root route draws it (app/router.tsx). */
function renderRoute(screen: ReactNode) {
  return render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Suspense fallback={null}>{screen}</Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

/** A screen whose code is gone: a fresh loader each time, as after a reload. */
const goneScreen = () => <LazyScreen load={() => Promise.reject(missingChunk())} />;

// React and the screen log what they caught; the suite's setup fails a test on a logged error.
let logged: ReturnType<typeof vi.fn<(...data: unknown[]) => void>>;
const originalError = console.error;
beforeEach(() => {
  logged = vi.fn<(...data: unknown[]) => void>();
  console.error = logged;
  sessionStorage.clear();
});
afterEach(async () => {
  console.error = originalError;
  vi.unstubAllGlobals();
  sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
  await i18n.changeLanguage('ru');
});

describe('RouteError: a screen that cannot be drawn', () => {
  for (const language of ['ru', 'en'] as const) {
    it(`shows a page in the visitor's language with a reload and a way home, and logs the cause (${language})`, async () => {
      await i18n.changeLanguage(language);
      renderRoute(<Broken />);
      const t = texts[language];
      expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
      expect(reloadPage).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: t.reload }));
      expect(reloadPage).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls.some(([error]) => error instanceof Error && error.message === 'a bug in a screen')).toBe(true);
    });
  }

  it('loads the page again by itself when a chunk of an older build is missing and the server answers, but not twice in a row', async () => {
    const server = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', server);
    const first = renderRoute(goneScreen());
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // The page it asked the server for is the one being shown, without a cached answer.
    expect(server).toHaveBeenCalledWith(window.location.href, { method: 'HEAD', cache: 'no-store' });
    expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
    first.unmount();

    // The reloaded page misses a chunk again: the server is failing, not new. The page stays and says so.
    renderRoute(goneScreen());
    expect(await screen.findByRole('heading', { level: 1, name: texts.ru.title })).toBeInTheDocument();
    expect(screen.getByText('Эту страницу не удалось показать. Обновите её или начните с главной.')).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload onto the browser’s offline page when the connection is lost: it says so, and Reload is the guest’s to press', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderRoute(goneScreen());
    expect(await screen.findByText('Нет связи с сервером. Проверьте подключение к интернету.')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: texts.ru.reload }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('tells a missing chunk by the words of Chromium, Firefox, Safari and Vite, and nothing else', () => {
    expect(isMissingChunk(missingChunk())).toBe(true);
    expect(isMissingChunk(new TypeError('error loading dynamically imported module: http://localhost/assets/a.js'))).toBe(true);
    expect(isMissingChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingChunk(new Error('Unable to preload CSS for /assets/hotel-x.css'))).toBe(true);
    expect(isMissingChunk(new Error('a bug in a screen'))).toBe(false);
    expect(isMissingChunk('Failed to fetch dynamically imported module')).toBe(false);
  });
});
