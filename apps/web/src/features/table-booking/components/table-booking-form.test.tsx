/**
 * The table booking form (issue 24, point 1): the day's full times shown as such and not
 * choosable, an anonymous guest asked for an e-mail, a party over 12 sent to the banquet note, and
 * a slot taken meanwhile (409) answered with the nearest free times to pick, in both languages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday, TABLE_DETAILS, TABLE_TIMES, type TableReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session-store';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { tableErrorKey } from '../lib/details';
import { ApiError } from '../../../shared/api/client';
import { TableBookingForm } from './table-booking-form';

beforeAll(async () => {
  await i18n.loadNamespaces(['restaurant', 'common']);
});
beforeEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

const date = addDays(hotelToday(), 3);
const FULL = new Set(['19:00', '19:15', '19:30']);
const day = { date, party: 2, times: TABLE_TIMES.map((time) => ({ time, free: !FULL.has(time) })) };
const booked = (over: Partial<TableReservation> = {}): TableReservation => ({
  id: 12,
  date,
  time: '20:00',
  ends: '22:00',
  party: 2,
  name: 'Anna',
  phone: '+375291234567',
  email: 'anna@example.com',
  wishes: '',
  status: 'requested',
  source: 'site',
  email_state: 'confirmed',
  hold_until: null,
  can_cancel: false,
  created_at: '2026-11-26T10:00:00.000Z',
  ...over,
});

async function fill(user: ReturnType<typeof userEvent.setup>, { email = true } = {}) {
  await user.clear(screen.getByLabelText(/^Дата|^Date/));
  await user.type(screen.getByLabelText(/^Дата|^Date/), date);
  await user.type(screen.getByLabelText(/^Имя|^Name/), 'Anna');
  await user.type(screen.getByLabelText(/^Телефон|^Phone/), '+375291234567');
  if (email) await user.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
}

describe('the table booking form (issue 24.1)', () => {
  it('shows the full times as full and not choosable; an anonymous guest must give an e-mail', async () => {
    const api = fakeApi({ 'GET restaurant/tables/day/': () => ({ status: 200, body: day }) });
    renderWithProviders(<TableBookingForm />);
    const user = userEvent.setup();
    await fill(user, { email: false });
    const times = await screen.findByTestId('table-times');
    const full = within(times).getByRole('radio', { name: '19:30 мест нет' });
    expect(full).toBeDisabled();
    await user.click(within(times).getByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Забронировать' }));
    expect(await screen.findByText('Укажите e-mail для письма')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("marks the times gone before the day's answer comes, and opens on tomorrow once today's last has gone", async () => {
    // The answer never comes: what is drawn is what the server draws, and what the answer will list.
    fakeApi({ 'GET restaurant/tables/day/': () => new Promise(() => {}) });
    vi.useFakeTimers({ now: new Date('2026-12-01T16:20:00Z'), toFake: ['Date'] }); // 19:20 in Grodno
    try {
      const evening = renderWithProviders(<TableBookingForm />);
      expect(screen.getByLabelText(/^Дата/)).toHaveValue('2026-12-01');
      // Every time is drawn (a form posted without scripts may name another day); those gone are marked, for the style to hide where scripts run.
      const labels = [...screen.getByTestId('table-times').querySelectorAll('label')];
      expect(labels).toHaveLength(TABLE_TIMES.length);
      expect(labels.filter((label) => !label.hasAttribute('data-past')).map((label) => label.textContent)).toEqual(['19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
      evening.unmount();

      vi.setSystemTime(new Date('2026-12-01T18:05:00Z')); // 21:05: the last seating has gone
      renderWithProviders(<TableBookingForm />);
      expect(screen.getByLabelText(/^Дата/)).toHaveValue('2026-12-02');
      expect(screen.getByTestId('table-times').querySelectorAll('label:not([data-past])')).toHaveLength(TABLE_TIMES.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a party over 12 gets the banquet note with the phone instead of the form', async () => {
    fakeApi({ 'GET restaurant/tables/day/': () => ({ status: 200, body: day }) });
    renderWithProviders(<TableBookingForm />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/^Гостей/), '13');
    const note = screen.getByTestId('table-banquet');
    expect(note).toHaveTextContent('Для компании больше 12 человек');
    expect(within(note).getByRole('link', { name: '+375 152 00-18-00' })).toHaveAttribute('href', 'tel:+375152001800');
    expect(screen.queryByRole('button', { name: 'Забронировать' })).toBeNull();
  });

  it('a slot taken meanwhile answers with the nearest free times and is no longer chosen (issue 48, point 10); one click picks one and the next try books (en)', async () => {
    await i18n.changeLanguage('en');
    let refuse = true;
    const api = fakeApi({
      'GET restaurant/tables/day/': () => ({ status: 200, body: day }),
      'POST restaurant/tables/': () =>
        refuse ? ((refuse = false), { status: 409, body: { detail: TABLE_DETAILS.full, nearest: ['18:00', '20:30'] } }) : { status: 201, body: booked({ time: '20:30' }) },
    });
    renderWithProviders(<TableBookingForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(within(await screen.findByTestId('table-times')).getByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const failure = await screen.findByTestId('table-booking-error');
    expect(failure).toHaveTextContent('No seats are left at that time.');
    // Issue 48, point 10: the time that filled is no longer shown as chosen.
    expect(screen.getByRole('radio', { name: '20:00' })).not.toBeChecked();
    expect(within(screen.getByTestId('table-times')).queryAllByRole('radio', { checked: true })).toEqual([]);
    expect(screen.getByTestId('table-times').querySelector('[data-chosen]')).toBeNull();
    await user.click(within(failure).getByRole('button', { name: '20:30' }));
    expect(screen.getByRole('radio', { name: '20:30' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByTestId('table-booked')).toHaveTextContent('Request received');
    const posts = api.calls.filter((call) => call.method === 'POST').map((call) => call.body as { time: string; language: string; email: string });
    expect(posts.map((body) => body.time)).toEqual(['20:00', '20:30']);
    expect(posts[1]).toMatchObject({ language: 'en', email: 'anna@example.com' });
  });

  it('issue 47: letters typed into the server\'s form before the app was live (kept by boot.js) are the form\'s values, and are what it books', async () => {
    window.__earlyText = { 'table-name': 'Анна Ковалёва', 'table-phone': '+375291234567', 'table-wishes': 'У окна' };
    const api = fakeApi({
      'GET restaurant/tables/day/': () => ({ status: 200, body: day }),
      'POST restaurant/tables/': () => ({ status: 201, body: booked() }),
    });
    renderWithProviders(<TableBookingForm />);
    expect(await screen.findByLabelText(/^Имя/)).toHaveValue('Анна Ковалёва');
    expect(screen.getByLabelText(/^Телефон/)).toHaveValue('+375291234567');
    expect(screen.getByLabelText(/^Пожелания/)).toHaveValue('У окна');
    expect(window.__earlyText).toEqual({});
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
    // A day ahead: today's 20:00 is gone in the evening.
    await user.clear(screen.getByLabelText(/^Дата/));
    await user.type(screen.getByLabelText(/^Дата/), date);
    const times = await screen.findByTestId('table-times');
    await user.click(await within(times).findByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Забронировать' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Анна Ковалёва', phone: '+375291234567', wishes: 'У окна' });
  });

  it('a signed-in guest gets the account’s name, phone and e-mail filled in', async () => {
    useSession.setState({ status: 'authenticated', user: testUser } as never);
    fakeApi({ 'GET restaurant/tables/day/': () => ({ status: 200, body: day }) });
    renderWithProviders(<TableBookingForm />);
    expect(screen.getByLabelText(/^Имя/)).toHaveValue('Анна Новик');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('anna@example.com');
    await waitFor(() => expect(screen.getByTestId('table-times')).toBeInTheDocument());
  });
});

describe('every refusal of the server reads in both languages', () => {
  it('maps each detail to a text that exists in Russian and English', async () => {
    await i18n.loadLanguages('en');
    await i18n.loadNamespaces('restaurant');
    for (const detail of Object.values(TABLE_DETAILS)) {
      const key = tableErrorKey(new ApiError(409, detail, { detail }));
      expect(key, detail).not.toBe('restaurant:tables.errors.generic');
      for (const language of ['ru', 'en']) expect(i18n.exists(key, { lng: language }), `${key} ${language}`).toBe(true);
    }
  });

  it('an anonymous booking says to check the mail for the confirmation link and until when the table is kept (issue 42.9)', async () => {
    fakeApi({
      'GET restaurant/tables/day/': () => ({ status: 200, body: day }),
      'POST restaurant/tables/': () => ({ status: 201, body: booked({ email_state: 'awaiting', hold_until: '2026-11-26T10:30:00.000Z' }) }),
    });
    renderWithProviders(<TableBookingForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(within(await screen.findByTestId('table-times')).getByRole('radio', { name: '20:00' }));
    await user.click(screen.getByRole('button', { name: 'Забронировать' }));
    expect(await screen.findByRole('heading', { name: 'Проверьте почту' })).toBeInTheDocument();
    expect(screen.getByTestId('table-confirm-note')).toHaveTextContent('Мы отправили на anna@example.com письмо со ссылкой для подтверждения брони. Пока вы не перешли по ней, стол держится до 13:30.');
  });
});
