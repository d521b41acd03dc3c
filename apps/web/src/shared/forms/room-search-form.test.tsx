import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RoomSearchForm } from './room-search-form';
import { searchToday } from './search-today';

afterEach(() => {
  vi.useRealTimers();
});

// Dates are typed in whole: a date input only holds a complete "YYYY-MM-DD".
const setDate = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('RoomSearchForm', () => {
  it('HOT-04: the search form starts at check-in tomorrow, check-out the day after and 1 guest', () => {
    // The last day of a month: the defaults must roll over into the next one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 30, 23, 30));
    renderWithProviders(<RoomSearchForm />);
    expect(screen.getByLabelText('Заезд')).toHaveValue('2026-07-01');
    expect(screen.getByLabelText('Выезд')).toHaveValue('2026-07-02');
    expect(screen.getByLabelText('Гостей')).toHaveValue(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('HOT-05: the search form is validated on every change, without waiting for a submit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12, 0));
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RoomSearchForm onSubmit={onSubmit} />);
    const checkIn = screen.getByLabelText('Заезд');
    const checkOut = screen.getByLabelText('Выезд');
    const guests = screen.getByLabelText('Гостей');

    setDate(checkOut, '2026-06-11');
    // The rule comes once the form is drawn (room-filter-check.ts): the first error shows when it has.
    expect(await screen.findByText('Дата выезда должна быть позже даты заезда')).toBeInTheDocument();
    expect(checkOut).toHaveAttribute('aria-invalid', 'true');
    setDate(checkOut, '2026-06-14');
    expect(screen.queryByText('Дата выезда должна быть позже даты заезда')).not.toBeInTheDocument();
    expect(checkOut).not.toHaveAttribute('aria-invalid');

    setDate(checkIn, '2026-06-09');
    expect(screen.getByText('Дата заезда не может быть в прошлом')).toBeInTheDocument();
    setDate(checkIn, '');
    expect(screen.getByText('Укажите дату заезда')).toBeInTheDocument();
    setDate(checkIn, '2026-06-10');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(guests);
    expect(screen.getByText('Укажите число гостей')).toBeInTheDocument();
    await user.type(guests, '0');
    expect(screen.getByText('Минимум 1 гость')).toBeInTheDocument();
    await user.clear(guests);
    await user.type(guests, '3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Найти номер' }));
    expect(onSubmit).toHaveBeenCalledWith({ arrival: '2026-06-10', departure: '2026-06-14', guests: 3 });
  });
});

/** The form as a page that has not loaded its rule yet has it: its module afresh, with fresh texts too. */
async function freshForm() {
  vi.resetModules();
  const { i18n, initI18n } = await import('../i18n');
  await initI18n('ru');
  await i18n.loadNamespaces(['hotel', 'common']);
  return (await import('./room-search-form')).RoomSearchForm;
}

describe('RoomSearchForm before its rule has come (decision 075)', () => {
  it('a search sent before the rule has come is checked once it has, and goes ahead when valid; an invalid one shows its errors', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12, 0));
    const FreshForm = await freshForm();
    const onSubmit = vi.fn();
    const { unmount } = renderWithProviders(<FreshForm onSubmit={onSubmit} initial={{ arrival: '2026-06-11', departure: '2026-06-14', guests: 2 }} />);
    fireEvent.submit(screen.getByTestId('room-search'));
    expect(onSubmit).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ arrival: '2026-06-11', departure: '2026-06-14', guests: 2 }));
    unmount();

    const AnotherFreshForm = await freshForm();
    renderWithProviders(<AnotherFreshForm onSubmit={onSubmit} initial={{ arrival: '2026-06-14', departure: '2026-06-11', guests: 2 }} />);
    fireEvent.submit(screen.getByTestId('room-search'));
    expect(await screen.findByText('Дата выезда должна быть позже даты заезда')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('RoomSearchForm before and without scripts (issue 26)', () => {
  it('is a real GET form to /hotel/rooms whose fields carry the address’s names, so a search sent before the app starts lands on the results', () => {
    renderWithProviders(<RoomSearchForm initial={{ arrival: '2099-03-01', departure: '2099-03-04', guests: 2 }} />);
    const form = screen.getByTestId('room-search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/hotel/rooms');
    expect(form.getAttribute('method')).toBe('get');
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('checkIn=2099-03-01&checkOut=2099-03-04&guests=2');
  });

  it('takes the hotel’s day for its first dates when drawn on the server, the visitor’s own in the browser', () => {
    // 01:30 on 27 November in Grodno is still 26 November in UTC.
    const afterMidnightInGrodno = new Date('2026-11-26T22:30:00Z');
    expect(searchToday(afterMidnightInGrodno, true)).toBe('2026-11-27');
    expect(searchToday(afterMidnightInGrodno, false)).toBe(
      `${afterMidnightInGrodno.getFullYear()}-${String(afterMidnightInGrodno.getMonth() + 1).padStart(2, '0')}-${String(afterMidnightInGrodno.getDate()).padStart(2, '0')}`,
    );
  });
});
