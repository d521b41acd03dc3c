import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed, RoomCalendar } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RoomCalendars } from './room-calendars';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EXPORT_URL = 'http://127.0.0.1:8000/api/v1/calendars/rooms/3/0f1e2d3c4b5a.ics';

const failing: CalendarFeed = {
  id: 11,
  room_id: 3,
  name: 'Booking.com',
  url: 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=secret',
  last_attempt_at: '2026-11-24T10:00:00.000Z',
  last_success_at: '2026-11-23T09:30:00.000Z',
  last_error: 'The calendar answered HTTP 404',
  error_code: 'http_status',
  event_count: 2,
  skipped: [{ uid: 'r1', reason: 'recurring' }],
  conflicts: [
    {
      uid: 'b-8',
      arrival: '2026-12-12',
      departure: '2026-12-15',
      summary: 'CLOSED - Not available',
      holds: [{ kind: 'reservation', first_night: '2026-12-12', last_night: '2026-12-14', reservation_id: 8, note: '' }],
    },
  ],
  conflicts_omitted: 0,
};

const calendar: RoomCalendar = { room_id: 3, export_url: EXPORT_URL, feeds: [failing] };

describe('RoomCalendars', () => {
  it('shows the export address and a failing feed with its error in the staff language', async () => {
    fakeApi({ 'GET admin/rooms/3/calendar/': () => ({ status: 200, body: calendar }) });
    renderWithProviders(<RoomCalendars roomId={3} active />);

    expect(await screen.findByTestId('calendar-export-url')).toHaveValue(EXPORT_URL);
    const feed = screen.getByTestId('calendar-feed');
    expect(within(feed).getByText('Booking.com')).toBeInTheDocument();
    expect(within(feed).getByText('admin.booking.com')).toHaveAttribute('title', failing.url);
    expect(within(feed).getByTestId('calendar-feed-error')).toHaveTextContent('Сайт ответил ошибкой 404');
    expect(within(feed).getByTestId('calendar-feed-events')).toHaveTextContent('2 события занимают ночи');
    expect(feed).toHaveTextContent('Пропущено 1 событие: повторяющиеся (1)');
    expect(within(feed).getByTestId('calendar-feed-conflicts')).toHaveTextContent('занято бронированием №8');
    expect(within(feed).queryByTestId('calendar-feed-more-conflicts')).toBeNull();
  });

  it('a feed with more conflicts than the server keeps counts them all and says how many more, in both languages (issue 21, point 2)', async () => {
    fakeApi({ 'GET admin/rooms/3/calendar/': () => ({ status: 200, body: { ...calendar, feeds: [{ ...failing, conflicts_omitted: 120 }] } }) });
    renderWithProviders(<RoomCalendars roomId={3} active />);

    const conflicts = await screen.findByTestId('calendar-feed-conflicts');
    expect(conflicts).toHaveTextContent('121 событие приходится на ночи, уже занятые здесь:');
    expect(within(conflicts).getByTestId('calendar-feed-more-conflicts')).toHaveTextContent('и ещё 120 конфликтов');

    await i18n.changeLanguage('en');
    try {
      expect(await within(conflicts).findByText('and 120 more conflicts')).toBeInTheDocument();
      expect(conflicts).toHaveTextContent('121 events are on nights already taken here:');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('is not loaded while the dialog is closed', () => {
    const { calls } = fakeApi({});
    renderWithProviders(<RoomCalendars roomId={3} active={false} />);
    expect(calls).toHaveLength(0);
  });

  it('checks the address before it is sent, and says why the server refused one in the screen’s language (issue 21, point 7)', async () => {
    const refusals = [
      { status: 409, body: { detail: 'This room already imports this calendar' } },
      { status: 409, body: { detail: 'A room imports at most 10 calendars' } },
      { status: 422, body: { detail: "body.url: Enter the calendar's address: http://, https:// or webcal://" } },
    ];
    const { calls } = fakeApi({
      'GET admin/rooms/3/calendar/': () => ({ status: 200, body: { ...calendar, feeds: [] } }),
      'POST admin/rooms/3/calendar/feeds/': () => refusals.shift()!,
    });
    const user = userEvent.setup();
    renderWithProviders(<RoomCalendars roomId={3} active />);
    const form = await screen.findByTestId('calendar-feed-form');
    await user.type(within(form).getByLabelText(/^Сайт/), 'Airbnb');
    const url = within(form).getByLabelText(/^Адрес календаря на сайте/);
    await user.type(url, 'ftp://example.com/calendar.ics');
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByText('Введите адрес календаря: http://, https:// или webcal://')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://www.airbnb.com/calendar/ical/123.ics');
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Этот календарь уже импортируется в номер');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/123.ics' });
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('В номер можно импортировать не больше 10 календарей');
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Сервер не принял это название или адрес; проверьте оба');
  });

  it('asks before a new address, then shows it', async () => {
    const renewed = `${EXPORT_URL.slice(0, -8)}ffffffff.ics`;
    const { calls } = fakeApi({
      'GET admin/rooms/3/calendar/': () => ({ status: 200, body: calendar }),
      'POST admin/rooms/3/calendar/address/': () => ({ status: 200, body: { ...calendar, export_url: renewed } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RoomCalendars roomId={3} active />);
    await user.click(await screen.findByRole('button', { name: 'Новый адрес' }));
    const confirm = screen.getByTestId('calendar-renew-confirm');
    expect(confirm).toHaveTextContent('Старый адрес перестанет работать');
    // The safe choice has the focus.
    expect(within(confirm).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Да, заменить' }));
    await waitFor(() => expect(screen.getByTestId('calendar-export-url')).toHaveValue(renewed));
    expect(screen.queryByTestId('calendar-renew-confirm')).toBeNull();
  });
});
