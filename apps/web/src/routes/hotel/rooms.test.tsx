import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, type RoomVariant } from '@hotel/domain';
import { variantsQuery } from '../../features/hotel/api/get-variants';
import { localToday } from '../../shared/forms/search-today';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { roomsSearchPath } from '../../shared/paths';
import { toast } from '../../shared/ui';
import { testFilter, testVariant } from '../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../test/render';
import { Component as RoomsPage } from './rooms';

const VARIANTS = 'GET hotel/reservations/variants/';

beforeEach(() => {
  sessionStorage.clear();
  useBookingDraft.getState().clear();
});

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

const toasts = () => within(screen.getByRole('region', { name: 'Уведомления' }));

function renderRooms(guests = 2) {
  return renderWithProviders(<RoomsPage />, { route: roomsSearchPath(testFilter(guests)) });
}

describe('/hotel/rooms', () => {
  it('HOT-12: submit is disabled while a search is loading, the first one and a new one', async () => {
    const pending: ((variants: RoomVariant[]) => void)[] = [];
    const api = fakeApi({
      [VARIANTS]: () =>
        new Promise((resolve) => pending.push((variants) => resolve({ status: 200, body: variants }))),
    });
    const user = userEvent.setup();
    renderRooms(2);

    await waitFor(() => expect(pending).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Загрузка…' })).toBeDisabled();
    pending[0]?.([testVariant()]);
    const submit = await screen.findByRole('button', { name: 'Найти номер' });
    expect(submit).toBeEnabled();
    expect(screen.getByText('Мансарда')).toBeInTheDocument();

    const guests = screen.getByLabelText('Гостей');
    await user.clear(guests);
    await user.type(guests, '3');
    await user.click(submit);
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(api.calls[1]?.path).toContain('guest_count=3');
    expect(screen.getByRole('button', { name: 'Загрузка…' })).toBeDisabled();
    pending[1]?.([testVariant(undefined, { guest_count: 3, extra_places: 1 })]);
    expect(await screen.findByRole('button', { name: 'Найти номер' })).toBeEnabled();
  });

  it('ERR-23: a room-search error the server does not name shows the toast "An unexpected error occurred"', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 500, body: { detail: 'Internal server error' } }) });
    renderRooms();
    expect(await toasts().findByText('Произошла непредвиденная ошибка')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });

  it('ERR-23: a 404 with an unknown detail is "An unexpected error occurred" too, while a known one keeps its text', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 404, body: { detail: 'Something else' } }) });
    const first = renderRooms();
    expect(await toasts().findByText('Произошла непредвиденная ошибка')).toBeInTheDocument();
    first.unmount();
    toast.clear();

    fakeApi({ [VARIANTS]: () => ({ status: 404, body: { detail: NO_ROOMS_DETAIL } }) });
    renderRooms();
    expect(await toasts().findByText('На выбранные даты нет свободных номеров')).toBeInTheDocument();
    expect(toasts().queryByText('Произошла непредвиденная ошибка')).not.toBeInTheDocument();
  });

  it('a search the server refuses with a message of its own (422) says that message, in the guest\'s language where the site knows it, not "could not load" (issue 48)', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 422, body: { detail: 'querystring.departure: A stay can be at most 30 nights' } }) });
    const first = renderRooms();
    expect(await toasts().findByText('Проживание — не больше 30 ночей')).toBeInTheDocument();
    expect(screen.getByTestId('no-variants')).toHaveTextContent('Проживание — не больше 30 ночей.');
    expect(screen.getByTestId('no-variants')).not.toHaveTextContent('Не удалось загрузить');
    first.unmount();
    toast.clear();

    fakeApi({ [VARIANTS]: () => ({ status: 422, body: { detail: 'The hotel is closed for renovation until 1 March' } }) });
    renderRooms();
    expect(await toasts().findByText('The hotel is closed for renovation until 1 March')).toBeInTheDocument();
    expect(screen.getByTestId('no-variants')).toHaveTextContent('The hotel is closed for renovation until 1 March.');
  });

  it('ERR-34: a search that finds nothing (404) shows an empty state suggesting other dates', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 404, body: { detail: NO_ROOMS_DETAIL } }) });
    renderRooms();
    const empty = await screen.findByTestId('no-variants');
    expect(empty).toHaveTextContent('На эти даты нет подходящих номеров');
    expect(empty).toHaveTextContent('Попробуйте другие даты или меньшее число гостей.');
    expect(within(empty).getByRole('link', { name: 'Все номера' })).toHaveAttribute('href', '/hotel');
    expect(screen.queryByTestId('variant-card')).not.toBeInTheDocument();
  });

  it('ERR-22, ERR-34: too many guests for any room: the toast suggests other dates or fewer guests, the empty state says so once', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 404, body: { detail: NO_ROOM_FITS_DETAIL } }) });
    renderRooms();
    expect(await toasts().findByText('Не удалось рассчитать стоимость: попробуйте другие даты или меньше гостей')).toBeInTheDocument();
    const empty = await screen.findByTestId('no-variants');
    expect(empty).toHaveTextContent('Ни один номер не вмещает столько гостей. Попробуйте другие даты или меньшее число гостей.');
    expect(empty.textContent!.match(/другие даты/g)).toHaveLength(1);
  });

  it('ERR-34: an empty list of variants shows the same empty state, not "0 rooms available"', async () => {
    fakeApi({ [VARIANTS]: () => ({ status: 200, body: [] }) });
    renderRooms();
    const empty = await screen.findByTestId('no-variants');
    expect(empty).toHaveTextContent('На эти даты нет подходящих номеров');
    expect(empty).toHaveTextContent('Попробуйте другие даты или меньшее число гостей.');
    expect(screen.queryByRole('heading', { name: /Свободно/ })).not.toBeInTheDocument();
  });

  it('HOT-10: an address the form would refuse shows the form with its messages at once, as the server draws it (issue 26)', () => {
    const api = fakeApi({});
    renderWithProviders(<RoomsPage />, { route: `/hotel/rooms?checkIn=${addDays(localToday(), -1)}&checkOut=${addDays(localToday(), 1)}&guests=0` });
    expect(screen.getByText('Дата заезда не может быть в прошлом')).toBeInTheDocument();
    expect(screen.getByLabelText('Гостей')).toHaveValue(0);
    expect(screen.getByText('Выберите даты')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('HOT-14: the results the server drew hydrate without a mismatch, the search button as drawn (issue 26)', () => {
    fakeApi({ [VARIANTS]: () => new Promise(() => {}) });
    const filter = testFilter(2);
    const page = (client: QueryClient) => (
      <MemoryRouter initialEntries={[roomsSearchPath(filter)]}>
        <QueryClientProvider client={client}>
          <RoomsPage />
        </QueryClientProvider>
      </MemoryRouter>
    );
    const seeded = () => {
      const client = new QueryClient();
      client.setQueryData(variantsQuery(filter).queryKey, [testVariant()]);
      return client;
    };
    const html = renderToString(page(seeded()));
    expect(html).toContain('Мансарда');
    expect(html).toContain('>Найти номер</button>');

    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    document.body.append(prerendered);
    const before = prerendered.innerHTML;
    const mismatches: unknown[] = [];
    let root!: Root;
    act(() => {
      root = hydrateRoot(prerendered, page(seeded()), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    // The search is asked again in the background; the results and the button stay as drawn.
    expect(prerendered.innerHTML).toBe(before);
    act(() => root.unmount());
    prerendered.remove();
  });
});
