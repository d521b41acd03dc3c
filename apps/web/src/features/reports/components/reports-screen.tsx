/**
 * /admin/reports (issue 25, point 1): a period (this month, last month, or a range) beside the same
 * days a year before; the headline figures, then the rooms', the restaurant's and the money's
 * charts, each with its table and CSV.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { hotelToday, reportQuerySchema, type Language, type ReportPage } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Input, Select, Spinner } from '../../../shared/ui';
import { useReport, type ReportPeriod } from '../api/reports';
import { bynText } from '../lib/csv';
import { PRESETS, presetPeriod, type Preset } from '../lib/period';
import { FigureCard, Info, type Figure } from './figure-card';
import { HeatMap } from './heat-map';
import styles from './reports.module.css';

type T = ReturnType<typeof useTranslation>['t'];

const percent = (share: number, language: Language) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
const shortDay = (day: string, language: Language) => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The lead-time bucket that starts at `days`, up to the next one: "3–6", and "90+" for the last. */
function bucketLabel(buckets: number[], index: number): string {
  const start = buckets[index]!;
  const next = buckets[index + 1];
  if (next === undefined) return `${start}+`;
  return next - 1 === start ? String(start) : `${start}–${next - 1}`;
}

function figures(report: ReportPage, t: T, language: Language): { rooms: Figure[]; restaurant: Figure[]; money: Figure[] } {
  const byn = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const name = (text: { ru: string; en: string }) => text[language] || text.ru;
  const { rooms, restaurant, money } = report;
  const stays = rooms.summary;
  const food = restaurant.summary;
  const hours = restaurant.delivery_hours.length + restaurant.by_hour.length === 0 ? [] : range(restaurant.by_hour.map((cell) => cell.hour));
  const channelNames: Record<string, string> = {
    site: t('admin:reports.rooms.site'),
    phone: t('admin:reports.rooms.channelPhone'),
    walk_in: t('admin:reports.rooms.channelWalkIn'),
    email: t('admin:reports.rooms.channelEmail'),
    booking_site: t('admin:reports.rooms.channelBookingSite'),
  };
  const channel = (value: string) => channelNames[value] ?? value;
  const leadBuckets = rooms.lead_time.map((row) => row.days);
  const los = (nights: number) => (nights >= 14 ? '14+' : String(nights));

  return {
    rooms: [
      {
        id: 'occupancy',
        title: t('admin:reports.rooms.occupancyByDay'),
        info: t('admin:reports.definitions.occupancy'),
        columns: [{ label: t('admin:reports.columns.day') }, { label: t('admin:reports.columns.sold'), numeric: true }, { label: t('admin:reports.columns.available'), numeric: true }, { label: t('admin:reports.columns.occupancy'), numeric: true }],
        rows: rooms.by_day.map((row) => [formatStayDate(row.day, language), count(row.sold), count(row.available), percent(row.occupancy, language)]),
        csv: rooms.by_day.map((row) => [row.day, row.sold, row.available, row.occupancy.toFixed(4)]),
        chart: { type: 'line', labels: rooms.by_day.map((row) => shortDay(row.day, language)), series: [{ label: t('admin:reports.columns.occupancy'), values: rooms.by_day.map((row) => row.occupancy) }], format: (value) => percent(value, language) },
      },
      {
        id: 'rooms',
        title: t('admin:reports.rooms.byRoom'),
        info: t('admin:reports.definitions.roomRevenue'),
        columns: [{ label: t('admin:reports.columns.room') }, { label: t('admin:reports.columns.nights'), numeric: true }, { label: t('admin:reports.columns.revenue'), numeric: true }],
        rows: rooms.by_room.map((row) => [name(row.name), count(row.nights), byn(row.revenue)]),
        csv: rooms.by_room.map((row) => [name(row.name), row.nights, bynText(row.revenue)]),
        chart: { type: 'bar', horizontal: true, labels: rooms.by_room.map((row) => name(row.name)), series: [{ label: t('admin:reports.columns.nights'), values: rooms.by_room.map((row) => row.nights) }], format: count },
      },
      {
        id: 'channels',
        title: t('admin:reports.rooms.channels'),
        info: t('admin:reports.definitions.channels'),
        columns: [{ label: t('admin:reports.columns.channel') }, { label: t('admin:reports.columns.nights'), numeric: true }, { label: t('admin:reports.columns.share'), numeric: true }],
        rows: rooms.channels.map((row) => [channel(row.channel), count(row.nights), percent(share(row.nights, stays.current.sold), language)]),
        csv: rooms.channels.map((row) => [channel(row.channel), row.nights, share(row.nights, stays.current.sold).toFixed(4)]),
        chart: { type: 'doughnut', labels: rooms.channels.map((row) => channel(row.channel)), series: [{ label: t('admin:reports.columns.nights'), values: rooms.channels.map((row) => row.nights) }], format: count },
      },
      {
        id: 'cancellations',
        title: t('admin:reports.rooms.cancellations'),
        info: t('admin:reports.definitions.cancellations'),
        columns: [{ label: '' }, { label: t('admin:reports.columns.current'), numeric: true }, { label: t('admin:reports.columns.previous'), numeric: true }],
        rows: [
          [t('admin:reports.rooms.cancelled'), count(stays.current.cancellations), count(stays.previous.cancellations)],
          [t('admin:reports.rooms.noShows'), count(stays.current.no_shows), count(stays.previous.no_shows)],
          [t('admin:reports.rooms.fees'), byn(stays.current.fees_charged), byn(stays.previous.fees_charged)],
          [t('admin:reports.rooms.prepaymentsKept'), byn(stays.current.prepayments_kept), byn(stays.previous.prepayments_kept)],
          [t('admin:reports.rooms.kept'), byn(stays.current.kept), byn(stays.previous.kept)],
        ],
        csv: [
          [t('admin:reports.rooms.cancelled'), stays.current.cancellations, stays.previous.cancellations],
          [t('admin:reports.rooms.noShows'), stays.current.no_shows, stays.previous.no_shows],
          [t('admin:reports.rooms.fees'), bynText(stays.current.fees_charged), bynText(stays.previous.fees_charged)],
          [t('admin:reports.rooms.prepaymentsKept'), bynText(stays.current.prepayments_kept), bynText(stays.previous.prepayments_kept)],
          [t('admin:reports.rooms.kept'), bynText(stays.current.kept), bynText(stays.previous.kept)],
        ],
      },
      {
        id: 'length-of-stay',
        title: t('admin:reports.rooms.lengthOfStay'),
        columns: [{ label: t('admin:reports.columns.nights') }, { label: t('admin:reports.columns.bookings'), numeric: true }],
        rows: rooms.length_of_stay.map((row) => [los(row.nights), count(row.bookings)]),
        csv: rooms.length_of_stay.map((row) => [los(row.nights), row.bookings]),
        chart: { type: 'bar', labels: rooms.length_of_stay.map((row) => los(row.nights)), series: [{ label: t('admin:reports.columns.bookings'), values: rooms.length_of_stay.map((row) => row.bookings) }], format: count },
      },
      {
        id: 'lead-time',
        title: t('admin:reports.rooms.leadTime'),
        info: t('admin:reports.definitions.leadTime'),
        columns: [{ label: t('admin:reports.columns.daysAhead') }, { label: t('admin:reports.columns.bookings'), numeric: true }],
        rows: rooms.lead_time.some((row) => row.bookings > 0) ? rooms.lead_time.map((row, index) => [bucketLabel(leadBuckets, index), count(row.bookings)]) : [],
        csv: rooms.lead_time.map((row, index) => [bucketLabel(leadBuckets, index), row.bookings]),
        chart: { type: 'bar', labels: rooms.lead_time.map((_, index) => bucketLabel(leadBuckets, index)), series: [{ label: t('admin:reports.columns.bookings'), values: rooms.lead_time.map((row) => row.bookings) }], format: count },
      },
    ],
    restaurant: [
      {
        id: 'restaurant-revenue',
        title: t('admin:reports.restaurant.byDay'),
        columns: [{ label: t('admin:reports.columns.day') }, { label: t('admin:reports.columns.orders'), numeric: true }, { label: t('admin:reports.columns.revenue'), numeric: true }],
        rows: restaurant.by_day.map((row) => [formatStayDate(row.day, language), count(row.orders), byn(row.revenue)]),
        csv: restaurant.by_day.map((row) => [row.day, row.orders, bynText(row.revenue)]),
        chart: { type: 'bar', labels: restaurant.by_day.map((row) => shortDay(row.day, language)), series: [{ label: t('admin:reports.columns.revenue'), values: restaurant.by_day.map((row) => row.revenue) }], format: byn },
      },
      {
        id: 'restaurant-hours',
        title: t('admin:reports.restaurant.byHour'),
        columns: [{ label: t('admin:reports.columns.weekday') }, { label: t('admin:reports.columns.hour'), numeric: true }, { label: t('admin:reports.columns.orders'), numeric: true }, { label: t('admin:reports.columns.revenue'), numeric: true }],
        rows: restaurant.by_hour.map((row) => [t(`admin:reports.weekdays.${row.weekday}`), `${row.hour}:00`, count(row.orders), byn(row.revenue)]),
        csv: restaurant.by_hour.map((row) => [row.weekday, row.hour, row.orders, bynText(row.revenue)]),
        picture: <HeatMap cells={restaurant.by_hour} hours={hours} />,
      },
      {
        id: 'dishes',
        title: t('admin:reports.restaurant.topDishes'),
        columns: [{ label: t('admin:reports.columns.dish') }, { label: t('admin:reports.columns.quantity'), numeric: true }, { label: t('admin:reports.columns.revenue'), numeric: true }],
        rows: restaurant.top_dishes.map((row) => [name(row.name), count(row.quantity), byn(row.revenue)]),
        csv: restaurant.top_dishes.map((row) => [name(row.name), row.quantity, bynText(row.revenue)]),
        chart: { type: 'bar', horizontal: true, labels: restaurant.top_dishes.map((row) => name(row.name)), series: [{ label: t('admin:reports.columns.revenue'), values: restaurant.top_dishes.map((row) => row.revenue) }], format: byn },
      },
      {
        id: 'paid-cancelled',
        title: t('admin:reports.restaurant.paidCancelled'),
        columns: [{ label: '' }, { label: t('admin:reports.columns.orders'), numeric: true }, { label: t('admin:reports.columns.share'), numeric: true }],
        rows:
          food.current.paid + food.current.canceled === 0
            ? []
            : [
                [t('admin:reports.restaurant.paid'), count(food.current.paid), percent(share(food.current.paid, food.current.paid + food.current.canceled), language)],
                [t('admin:reports.restaurant.cancelled'), count(food.current.canceled), percent(share(food.current.canceled, food.current.paid + food.current.canceled), language)],
              ],
        csv: [
          [t('admin:reports.restaurant.paid'), food.current.paid, share(food.current.paid, food.current.paid + food.current.canceled).toFixed(4)],
          [t('admin:reports.restaurant.cancelled'), food.current.canceled, share(food.current.canceled, food.current.paid + food.current.canceled).toFixed(4)],
        ],
        chart: { type: 'doughnut', labels: [t('admin:reports.restaurant.paid'), t('admin:reports.restaurant.cancelled')], series: [{ label: t('admin:reports.columns.orders'), values: [food.current.paid, food.current.canceled] }], format: count },
      },
      {
        id: 'delivery-hours',
        title: t('admin:reports.restaurant.deliveryHours'),
        info: t('admin:reports.definitions.deliveryHours'),
        columns: [{ label: t('admin:reports.columns.hour') }, { label: t('admin:reports.columns.orders'), numeric: true }],
        rows: restaurant.delivery_hours.map((row) => [`${row.hour}:00`, count(row.orders)]),
        csv: restaurant.delivery_hours.map((row) => [row.hour, row.orders]),
        chart: { type: 'bar', labels: restaurant.delivery_hours.map((row) => `${row.hour}:00`), series: [{ label: t('admin:reports.columns.orders'), values: restaurant.delivery_hours.map((row) => row.orders) }], format: count },
      },
    ],
    money: [
      {
        id: 'money',
        title: t('admin:reports.money.byDay'),
        info: t('admin:reports.definitions.money'),
        columns: [
          { label: t('admin:reports.columns.day') },
          { label: t('admin:reports.money.orders'), numeric: true },
          { label: t('admin:reports.money.doorCash'), numeric: true },
          { label: t('admin:reports.money.doorTerminal'), numeric: true },
          { label: t('admin:reports.money.stays'), numeric: true },
          { label: t('admin:reports.money.fees'), numeric: true },
          { label: t('admin:reports.money.desk'), numeric: true },
          { label: t('admin:reports.money.refunded'), numeric: true },
          { label: t('admin:reports.money.net'), numeric: true },
        ],
        rows: money.by_day.map((row) => [formatStayDate(row.day, language), byn(row.orders), byn(row.door_cash), byn(row.door_terminal), byn(row.stays), byn(row.fees), byn(row.desk), byn(row.refunded), byn(row.net)]),
        csv: money.by_day.map((row) => [row.day, bynText(row.orders), bynText(row.door_cash), bynText(row.door_terminal), bynText(row.stays), bynText(row.fees), bynText(row.desk), bynText(row.refunded), bynText(row.net)]),
        chart: {
          type: 'bar',
          stacked: true,
          labels: money.by_day.map((row) => shortDay(row.day, language)),
          series: [
            { label: t('admin:reports.money.orders'), values: money.by_day.map((row) => row.orders) },
            { label: t('admin:reports.money.doorCash'), values: money.by_day.map((row) => row.door_cash) },
            { label: t('admin:reports.money.doorTerminal'), values: money.by_day.map((row) => row.door_terminal) },
            { label: t('admin:reports.money.stays'), values: money.by_day.map((row) => row.stays) },
            { label: t('admin:reports.money.fees'), values: money.by_day.map((row) => row.fees) },
            { label: t('admin:reports.money.desk'), values: money.by_day.map((row) => row.desk) },
            { label: t('admin:reports.money.refunded'), values: money.by_day.map((row) => -row.refunded) },
          ],
          format: byn,
        },
      },
    ],
  };
}

/** Every hour from the earliest to the latest that had orders. */
function range(hours: number[]): number[] {
  if (hours.length === 0) return [];
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function Headline({ label, value, before, info }: { label: string; value: string; before: string; info?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.kpi} data-testid="report-kpi">
      <dt className={styles.kpiLabel}>
        {label}
        {info && <Info text={info} label={t('admin:reports.definition')} />}
      </dt>
      <dd className={styles.kpiValue}>{value}</dd>
      <dd className={styles.kpiBefore}>{t('admin:reports.yearBefore', { value: before })}</dd>
    </div>
  );
}

export function ReportsScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const today = hotelToday();
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [custom, setCustom] = useState(() => presetPeriod('thisMonth', today));
  const chosen = preset === 'custom' ? custom : presetPeriod(preset, today);
  const checked = reportQuerySchema.safeParse(chosen);
  const period: ReportPeriod | null = checked.success ? chosen : null;
  const report = useReport(period);
  const byn = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const shown = useMemo(() => (report.data ? figures(report.data, t, language) : null), [report.data, t, language]);
  const data = report.data;

  return (
    <>
      <form className={styles.picker} onSubmit={(event) => event.preventDefault()} aria-label={t('admin:reports.period')}>
        <Select
          label={t('admin:reports.period')}
          value={preset}
          onChange={(event) => setPreset(event.target.value as Preset)}
          options={PRESETS.map((value) => ({ value, label: t(`admin:reports.presets.${value}`) }))}
          data-testid="report-preset"
        />
        {preset === 'custom' && (
          <>
            <Input type="date" label={t('admin:reports.from')} value={custom.from} onChange={(event) => event.target.value && setCustom({ ...custom, from: event.target.value })} />
            <Input type="date" label={t('admin:reports.to')} value={custom.to} onChange={(event) => event.target.value && setCustom({ ...custom, to: event.target.value })} />
          </>
        )}
      </form>
      {!checked.success ? (
        <p className={styles.error} role="alert">
          {t(checked.error.issues[0]!.message)}
        </p>
      ) : report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <p className={styles.error} role="alert">
          {serverDetail(report.error) ?? t('admin:reports.loadError')}
        </p>
      ) : (
        data &&
        shown && (
          <div className={styles.report} data-testid="report" aria-busy={report.isFetching}>
            <p className={styles.compare}>
              {t('admin:reports.comparing', {
                from: formatStayDate(data.from, language),
                to: formatStayDate(data.to, language),
                before: `${formatStayDate(data.compare.from, language)} – ${formatStayDate(data.compare.to, language)}`,
              })}
            </p>
            <dl className={styles.kpis}>
              <Headline label={t('admin:reports.kpi.occupancy')} info={t('admin:reports.definitions.occupancy')} value={percent(data.rooms.summary.current.occupancy, language)} before={percent(data.rooms.summary.previous.occupancy, language)} />
              <Headline label={t('admin:reports.kpi.adr')} info={t('admin:reports.definitions.adr')} value={byn(data.rooms.summary.current.adr)} before={byn(data.rooms.summary.previous.adr)} />
              <Headline label={t('admin:reports.kpi.revpar')} info={t('admin:reports.definitions.revpar')} value={byn(data.rooms.summary.current.revpar)} before={byn(data.rooms.summary.previous.revpar)} />
              <Headline label={t('admin:reports.kpi.roomRevenue')} info={t('admin:reports.definitions.roomRevenue')} value={byn(data.rooms.summary.current.revenue)} before={byn(data.rooms.summary.previous.revenue)} />
              <Headline label={t('admin:reports.kpi.extrasRevenue')} info={t('admin:reports.definitions.extrasRevenue')} value={byn(data.rooms.summary.current.extras_revenue)} before={byn(data.rooms.summary.previous.extras_revenue)} />
              <Headline label={t('admin:reports.kpi.kept')} info={t('admin:reports.definitions.kept')} value={byn(data.rooms.summary.current.kept)} before={byn(data.rooms.summary.previous.kept)} />
              <Headline label={t('admin:reports.kpi.orders')} value={String(data.restaurant.summary.current.paid)} before={String(data.restaurant.summary.previous.paid)} />
              <Headline label={t('admin:reports.kpi.averageOrder')} value={byn(data.restaurant.summary.current.average)} before={byn(data.restaurant.summary.previous.average)} />
              <Headline label={t('admin:reports.kpi.restaurantRevenue')} value={byn(data.restaurant.summary.current.revenue)} before={byn(data.restaurant.summary.previous.revenue)} />
              <Headline label={t('admin:reports.kpi.net')} info={t('admin:reports.definitions.money')} value={byn(data.money.summary.current.net)} before={byn(data.money.summary.previous.net)} />
            </dl>
            {(['rooms', 'restaurant', 'money'] as const).map((part) => (
              <section key={part} className={styles.part} aria-labelledby={`report-${part}`}>
                <h2 id={`report-${part}`} className={styles.partTitle}>
                  {t(`admin:reports.parts.${part}`)}
                </h2>
                <div className={styles.grid}>
                  {shown[part].map((figure) => (
                    <FigureCard key={figure.id} figure={figure} period={data} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        )
      )}
    </>
  );
}
