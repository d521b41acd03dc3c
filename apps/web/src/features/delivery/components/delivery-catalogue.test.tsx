import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, MOBILE_BREAKPOINT_PX, type Product } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { potato, soups, testMenu } from '../../../test/delivery-fixtures';
import { DeliveryCatalogue } from './delivery-catalogue';

const PRODUCTS = 'GET delivery/products/';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(menu: Product[] = testMenu) {
  return fakeApi({ [PRODUCTS]: () => ({ status: 200, body: menu }) });
}

async function renderCatalogue() {
  const view = renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
  await screen.findAllByTestId('product-card');
  return view;
}

const names = () => screen.queryAllByTestId('product-card').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const sidebar = () => within(screen.getByRole('navigation', { name: 'Категории' }));
const searchBox = () => screen.getByRole('searchbox', { name: 'Поиск по названию' });
const status = () => screen.getByRole('status');
const allRu = testMenu.map((product) => product.name.ru);

// Under fake timers only the synchronous fireEvent works: Testing Library's async helpers wait on
// a real timer, which Vitest's fake timers never fire.
function type(text: string) {
  fireEvent.input(searchBox(), { target: { value: text } });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Types the whole text, then lets the debounce elapse. */
function search(text: string) {
  type(text);
  wait(CATALOGUE_SEARCH_DEBOUNCE_MS);
}

function choose(category: string) {
  fireEvent.click(sidebar().getByRole('link', { name: category }));
}

describe('DeliveryCatalogue', () => {
  it('shows skeletons while the menu loads, with the sidebar disabled, then the dishes', async () => {
    let answer: (menu: Product[]) => void = () => {};
    fakeApi({ [PRODUCTS]: () => new Promise((resolve) => (answer = (menu) => resolve({ status: 200, body: menu }))) });
    renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);

    const loading = screen.getByTestId('product-grid-loading');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('category-toggle')).toBeDisabled();
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();

    answer(testMenu);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(testMenu.length);
    expect(screen.queryByTestId('product-grid-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('category-toggle')).toBeEnabled();
  });

  it('DEL-03: the sidebar lists "All" and each category once, in menu order, with their counts', async () => {
    serve();
    await renderCatalogue();
    // Links to the menu's address with the category, which the server draws filtered (issue 26).
    expect(sidebar().getAllByRole('link')).toHaveLength(4);
    const list = sidebar().getByRole('list');
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Все6', 'Закуски2', 'Супы2', 'Драники и колдуны2']);
    expect(sidebar().getByRole('link', { name: 'Все' })).toHaveAttribute('aria-current', 'true');
  });

  it('DEL-04: on phones the sidebar is a disclosure naming the chosen category; choosing closes it', async () => {
    serve();
    const user = userEvent.setup();
    await renderCatalogue();
    const toggle = screen.getByTestId('category-toggle');
    const list = sidebar().getByRole('list');
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Категория Все');
    expect(list).not.toHaveAttribute('data-open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open');

    await user.click(sidebar().getByRole('link', { name: 'Супы' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toHaveAttribute('data-open');
    expect(toggle).toHaveTextContent('Категория Супы');
    expect(toggle).toHaveFocus();
  });

  it('DEL-04: the disclosure and the folded list apply only below 768 px', () => {
    const below = `@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
    const css = readFileSync(path.join(import.meta.dirname, 'category-nav.module.css'), 'utf8');
    const [wide, narrow] = css.split(below);
    expect(narrow, `category-nav.module.css has no ${below} block`).toBeDefined();
    expect(wide).toMatch(/\.toggle \{\s*display: none;/);
    expect(narrow).toMatch(/\.toggle \{\s*display: flex;/);
    expect(narrow).toMatch(/\.list:not\(\[data-open\]\) \{\s*display: none;/);
  });

  it('DEL-04: keyboard: Enter opens the list, Escape closes it and focus returns to the toggle', async () => {
    serve();
    const user = userEvent.setup();
    await renderCatalogue();
    const toggle = screen.getByTestId('category-toggle');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(sidebar().getByRole('link', { name: 'Все' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(sidebar().getByRole('link', { name: 'Супы' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Грибной суп', 'Борщ с пампушками']);
    expect(toggle).toHaveFocus();
  });

  it('DEL-05: a card shows the picture or a placeholder, the price in BYN, the name and the description', async () => {
    serve();
    await renderCatalogue();
    const [salo, croutons] = screen.getAllByTestId('product-card');
    const picture = within(salo!).getByRole('img', { name: 'Сало на доске' });
    expect(picture).toHaveAttribute('src', '/uploads/dish-salo.webp?w=800');
    expect(picture).toHaveAttribute('srcset', '/uploads/dish-salo.webp?w=400 400w, /uploads/dish-salo.webp?w=800 800w');
    expect(within(salo!).queryByTestId('product-placeholder')).not.toBeInTheDocument();
    expect(within(salo!).getByRole('heading', { level: 3, name: 'Сало с чесноком' })).toBeInTheDocument();
    expect(salo).toHaveTextContent('Домашнее сало с ржаным хлебом.');
    expect(within(salo!).getByText('14,50 BYN')).toBeInTheDocument();

    expect(within(croutons!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(croutons!).getByTestId('product-placeholder')).toBeInTheDocument();
    expect(within(croutons!).getByText('6 BYN')).toBeInTheDocument();
    // Thousands are grouped the Russian way.
    expect(screen.getAllByTestId('product-card')[5]).toHaveTextContent(/1\s234,50 BYN/);
  });

  it('DEL-05: in English the names, descriptions and prices are English', async () => {
    serve();
    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces(['common', 'restaurant']);
      renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
      const cards = await screen.findAllByTestId('product-card');
      expect(cards[0]).toHaveTextContent('Cured salo with garlic');
      expect(cards[0]).toHaveTextContent('Home-cured salo with rye bread.');
      expect(cards[5]).toHaveTextContent('1,234.50 BYN');
      expect(screen.getByRole('heading', { level: 2, name: 'The whole menu' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('DEL-06: choosing a category shows only its products; "All" shows every product again', async () => {
    serve();
    const user = userEvent.setup();
    await renderCatalogue();
    expect(names()).toEqual(allRu);

    await user.click(sidebar().getByRole('link', { name: 'Драники и колдуны' }));
    expect(names()).toEqual(['Драники со сметаной', 'Колдуны с мясом']);
    expect(sidebar().getByRole('link', { name: 'Драники и колдуны' })).toHaveAttribute('aria-current', 'true');
    expect(sidebar().getByRole('link', { name: 'Все' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: potato.title.ru })).toBeInTheDocument();

    await user.click(sidebar().getByRole('link', { name: 'Все' }));
    expect(names()).toEqual(allRu);
    expect(screen.getByRole('heading', { level: 2, name: 'Всё меню' })).toBeInTheDocument();
  });

  it('DEL-07: the search text filters within the chosen category', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    search('суп');
    expect(names()).toEqual(['Гренки к супу', 'Грибной суп']);

    expect(screen.getByRole('heading', { level: 2, name: 'Поиск по меню: «суп»' })).toBeInTheDocument();

    choose(soups.title.ru);
    expect(names()).toEqual(['Грибной суп']);
    expect(status()).toHaveTextContent('Найдено блюд: 1');
    expect(searchBox()).toHaveValue('суп');
    // The heading says what the list is: a search within the category, not the category whole.
    expect(screen.getByRole('heading', { level: 2, name: `${soups.title.ru}: поиск «суп»` })).toBeInTheDocument();
  });

  it('DEL-08: one or two characters show "Минимум 3 символа для поиска" and do not filter', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    type('д');
    // The hint shows as soon as the box holds too little, before the debounce.
    expect(status()).toHaveTextContent('Минимум 3 символа для поиска');
    wait(CATALOGUE_SEARCH_DEBOUNCE_MS * 3);
    expect(status()).toHaveTextContent('Минимум 3 символа для поиска');
    expect(names()).toEqual(allRu);

    search('др');
    expect(status()).toHaveTextContent('Минимум 3 символа для поиска');
    expect(names()).toEqual(allRu);

    type('дра');
    expect(status()).not.toHaveTextContent('Минимум 3 символа');
    wait(CATALOGUE_SEARCH_DEBOUNCE_MS);
    expect(names()).toEqual(['Драники со сметаной']);

    // Back to two characters: the filter is lifted rather than kept from the longer text.
    search('др');
    expect(status()).toHaveTextContent('Минимум 3 символа для поиска');
    expect(names()).toEqual(allRu);
  });

  it('DEL-08: the hint is in English when the page is', async () => {
    serve();
    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces(['common', 'restaurant']);
      renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
      await screen.findAllByTestId('product-card');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'so');
      expect(screen.getByRole('status')).toHaveTextContent('At least 3 characters to search');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('DEL-09: the filter updates 300 ms after typing stops, and each keystroke restarts the wait', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();

    type('бор');
    wait(CATALOGUE_SEARCH_DEBOUNCE_MS - 1);
    expect(names()).toEqual(allRu);
    // Another keystroke just before the wait ends starts it again.
    type('борщ');
    wait(CATALOGUE_SEARCH_DEBOUNCE_MS - 1);
    expect(names()).toEqual(allRu);
    expect(status()).toHaveTextContent('');
    wait(1);
    expect(names()).toEqual(['Борщ с пампушками']);
    expect(status()).toHaveTextContent('Найдено блюд: 1');
  });

  it("DEL-10: emptying the search box shows the chosen category's products again", async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    search('драники');
    choose(potato.title.ru);
    expect(names()).toEqual(['Драники со сметаной']);

    search('');
    expect(searchBox()).toHaveValue('');
    expect(names()).toEqual(['Драники со сметаной', 'Колдуны с мясом']);
    expect(status()).toHaveTextContent('');
  });

  it('DEL-10: the clear button in the box empties it and shows the category at once', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).not.toBeInTheDocument();
    choose(soups.title.ru);
    search('борщ');
    expect(names()).toEqual(['Борщ с пампушками']);

    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Очистить поиск' }));
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(names()).toEqual(['Грибной суп', 'Борщ с пампушками']);
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).not.toBeInTheDocument();
  });

  it('DEL-11: the search ignores case and matches any part of the name, not the description', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    search('ГРИБН');
    expect(names()).toEqual(['Грибной суп']);
    search('пампуш');
    expect(names()).toEqual(['Борщ с пампушками']);
    search('сметаной');
    expect(names()).toEqual(['Драники со сметаной']);
  });

  it('a search that finds nothing says so and offers to clear it or to search the whole menu', async () => {
    serve();
    await renderCatalogue();
    vi.useFakeTimers();
    search('сало');
    choose(soups.title.ru);
    const empty = screen.getByTestId('catalogue-nothing-found');
    expect(empty).toHaveTextContent('Ничего не нашлось');
    expect(empty).toHaveTextContent('В категории «Супы» нет блюд, в названии которых есть «сало».');
    expect(screen.queryByTestId('product-card')).not.toBeInTheDocument();

    fireEvent.click(within(empty).getByRole('button', { name: 'Искать во всём меню' }));
    expect(names()).toEqual(['Сало с чесноком']);
    expect(searchBox()).toHaveFocus();

    search('вареники');
    const nothing = screen.getByTestId('catalogue-nothing-found');
    expect(nothing).toHaveTextContent('В меню нет блюд, в названии которых есть «вареники».');
    expect(within(nothing).queryByRole('button', { name: 'Искать во всём меню' })).not.toBeInTheDocument();
    // Clearing from here acts at once, without waiting for the debounce.
    fireEvent.click(within(nothing).getByRole('button', { name: 'Очистить поиск' }));
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(names()).toEqual(allRu);
  });

  it('an empty menu says it is being updated', async () => {
    serve([]);
    renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
    expect(await screen.findByTestId('catalogue-empty')).toHaveTextContent('Меню сейчас обновляется');
    expect(sidebar().getAllByRole('link', { name: /./ })).toHaveLength(1);
  });

  it('ERR-14: a failed load shows "Error loading products" with a retry that loads the menu', async () => {
    let calls = 0;
    fakeApi({ [PRODUCTS]: () => (++calls === 1 ? { status: 503, body: { detail: 'Service unavailable' } } : { status: 200, body: testMenu }) });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ошибка загрузки блюд. Проверьте подключение к интернету и попробуйте ещё раз.');
    await i18n.loadLanguages('en');
    expect(i18n.getFixedT('en', 'restaurant')('delivery.catalogue.error')).toMatch(/^Error loading products\./);
    expect(alert).not.toHaveTextContent('Service unavailable');

    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(testMenu.length);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
