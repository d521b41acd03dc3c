import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hotelToday, monthEnd, monthStart, type ReportPage } from '@hotel/domain';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { ReportsScreen } from './reports-screen';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = { available: 93, sold: 11, site_nights: 6, imported_nights: 5, revenue: 1500_00, occupancy: 11 / 93, adr: 250_00, revpar: 16_13, bookings: 2, cancellations: 2, no_shows: 1, fees_charged: 400_00, extras_revenue: 100_00, prepayments_kept: 908_34, kept: 1308_34 };
const none = { ...summary, sold: 2, site_nights: 2, imported_nights: 0, revenue: 400_00, occupancy: 2 / 93, adr: 200_00, revpar: 4_30, cancellations: 0, no_shows: 0, fees_charged: 0, extras_revenue: 0, prepayments_kept: 0, kept: 0 };
const report = (from: string, to: string): ReportPage => ({
  from,
  to,
  compare: { from: '2024-10-01', to: '2024-10-31' },
  rooms: {
    room_count: 3,
    summary: { current: summary, previous: none },
    by_day: [
      { day: '2025-10-01', sold: 2, available: 3, occupancy: 2 / 3 },
      { day: '2025-10-02', sold: 1, available: 3, occupancy: 1 / 3 },
    ],
    by_room: [{ room_id: 1, name: { ru: 'Двухместный', en: 'Double' }, nights: 3, revenue: 750_00 }],
    length_of_stay: [{ nights: 3, bookings: 2 }],
    lead_time: [0, 1, 3, 7, 14, 30, 60, 90].map((days) => ({ days, bookings: days === 7 ? 1 : 0 })),
    channels: [
      { channel: 'site', nights: 6 },
      { channel: 'Booking.com', nights: 5 },
    ],
  },
  restaurant: {
    summary: { current: { paid: 2, canceled: 1, revenue: 85_00, average: 42_50 }, previous: { paid: 0, canceled: 0, revenue: 0, average: 0 } },
    by_day: [{ day: '2025-10-03', orders: 2, revenue: 85_00 }],
    by_hour: [{ weekday: 5, hour: 10, orders: 1, revenue: 35_00 }],
    top_dishes: [{ name: { ru: 'Драники', en: 'Potato pancakes' }, quantity: 3, revenue: 45_00 }],
    delivery_hours: [{ hour: 11, orders: 1 }],
  },
  money: {
    summary: { current: { orders: 105_00, door_cash: 0, door_terminal: 0, stays: 908_34, fees: 400_00, desk: 0, refunded: 20_00, net: 1393_34 }, previous: { orders: 0, door_cash: 0, door_terminal: 0, stays: 0, fees: 0, desk: 0, refunded: 0, net: 0 } },
    by_day: [
      { day: '2025-10-01', orders: 0, door_cash: 0, door_terminal: 0, stays: 908_34, fees: 0, desk: 0, refunded: 0, net: 908_34 },
      { day: '2025-10-03', orders: 85_00, door_cash: 0, door_terminal: 0, stays: 0, fees: 0, desk: 0, refunded: 0, net: 85_00 },
    ],
  },
});

describe('ReportsScreen (issue 25)', () => {
  it('shows this month’s occupancy, ADR and RevPAR beside a year before, turns a chart into its table and saves its CSV', async () => {
    // jsdom draws no canvas: the charts stay empty, their tables and CSVs are what is checked.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const today = hotelToday();
    const api = fakeApi({ 'GET admin/reports/': (call) => {
      const query = new URLSearchParams(call.path.split('?')[1]);
      return { status: 200, body: report(query.get('from')!, query.get('to')!) };
    } });
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:report');
    URL.revokeObjectURL = () => {};
    renderWithProviders(<ReportsScreen />);

    await screen.findByTestId('report');
    expect(api.calls[0]!.path).toBe(`admin/reports/?from=${monthStart(today)}&to=${monthEnd(today)}`);
    const [occupancy, adr, revpar] = screen.getAllByTestId('report-kpi') as [HTMLElement, HTMLElement, HTMLElement];
    expect(occupancy).toHaveTextContent(/11,8\s?%/);
    expect(occupancy).toHaveTextContent(/год назад: 2,2\s?%/);
    expect(adr).toHaveTextContent('250 BYN');
    expect(revpar).toHaveTextContent('16,13 BYN');
    expect(within(revpar).getByRole('tooltip', { hidden: true })).toHaveTextContent('RevPAR (выручка на доступный номер) = выручка номеров (без дополнительных услуг) ÷ доступные номеро-ночи');

    const figure = screen.getByTestId('figure-occupancy');
    await userEvent.click(within(figure).getByRole('button', { name: 'Таблица' }));
    const rows = within(within(figure).getByTestId('figure-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/1 окт\.? 2025\s*23\s*66,7\s?%/);

    await userEvent.click(within(figure).getByRole('button', { name: 'CSV' }));
    expect(saved).toHaveLength(1);
    const text = await saved[0]!.text();
    // UTF-8 with a byte-order mark (which text() drops), so that spreadsheets read Cyrillic right.
    expect([...new Uint8Array(await saved[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe('День,Продано ночей,Доступно,Загрузка\r\n2025-10-01,2,3,0.6667\r\n2025-10-02,1,3,0.3333\r\n');

    await userEvent.click(within(screen.getByTestId('figure-money')).getByRole('button', { name: 'CSV' }));
    expect(await saved[1]!.text()).toContain('2025-10-03,85.00,0.00,0.00,0.00,0.00,0.00,0.00,85.00');
  });

  it('a prepaid stay is its own column, not a penalty; money kept for stays not slept in and extras are their own figures with their definitions (issue 48)', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    fakeApi({ 'GET admin/reports/': () => ({ status: 200, body: report('2025-10-01', '2025-10-31') }) });
    renderWithProviders(<ReportsScreen />);
    await screen.findByTestId('report');
    const money = screen.getByTestId('figure-money');
    await userEvent.click(within(money).getByRole('button', { name: 'Таблица' }));
    const table = within(money).getByTestId('figure-table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['День', 'Заказы', 'Курьеру: наличные', 'Курьеру: терминал', 'Предоплата проживания', 'Штрафы', 'Счета, оплаченные на стойке', 'Возвраты', 'Итого']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/1 окт\.? 2025\s*0 BYN\s*0 BYN\s*0 BYN\s*908,34 BYN\s*0 BYN/);
    const kpis = screen.getAllByTestId('report-kpi');
    const extras = kpis.find((kpi) => kpi.textContent?.includes('Выручка доп. услуг'))!;
    expect(extras).toHaveTextContent('100 BYN');
    expect(within(extras).getByRole('tooltip', { hidden: true })).toHaveTextContent('Не входят в выручку номеров, ADR и RevPAR');
    const kept = kpis.find((kpi) => kpi.textContent?.includes('Оставлено за непрожитые брони'))!;
    expect(kept).toHaveTextContent(/1\s?308,34 BYN/);
    const cancellations = screen.getByTestId('figure-cancellations');
    expect(within(cancellations).getByText('Предоплата невозвратного тарифа')).toBeInTheDocument();
  });

  it('last month is asked for by its days; a custom range ending before it starts is refused on the spot', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const api = fakeApi({ 'GET admin/reports/': () => ({ status: 200, body: report('2025-10-01', '2025-10-31') }) });
    renderWithProviders(<ReportsScreen />);
    await screen.findByTestId('report');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Период' }), 'lastMonth');
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]!.path).toMatch(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Период' }), 'custom');
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2000-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Период кончается раньше, чем начинается');
  });
});
