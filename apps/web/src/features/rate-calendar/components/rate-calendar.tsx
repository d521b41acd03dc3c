/**
 * The rate calendar of /admin/hotel (issue 23): rooms down, days across, a month at a time. Each
 * night shows its price (faint where the room's base price applies) and the stay rule of the day;
 * a night's title names the rule that sets it, the newest where rules overlap. Tapping a night
 * starts a selection and tapping another ends it (rooms between, days between); the form below
 * sets a price or a stay rule for it, and its fields can be typed as well. On a phone each room is
 * a list of its days.
 */
import clsx from 'clsx';
import { useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import {
  addDays,
  dayNumberOf,
  formatByn,
  nightsBetween,
  hotelToday,
  priceRuleCreateSchema,
  RoomRates,
  stayRuleCreateSchema,
  WEEKDAYS,
  type Language,
  type PriceRuleCreate,
  type PriceRuleView,
  type RatesMonth,
  type StayRuleCreate,
  type StayRuleView,
} from '@hotel/domain';
import { kopecksFromText } from '../../../shared/admin/price';
import { ApiError, serverDetail } from '../../../shared/api/client';
import { Form, firstErrorMessage, requestSchema } from '../../../shared/forms/form';
import { formatStayDate, formatWeekday } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import adminStyles from '../../../shared/admin/admin.module.css';
import { useRatesMonth, useRemoveRule, useSetPrice, useSetStayRule } from '../api/rates';
import styles from './rate-calendar.module.css';

const monthOf = (date: string) => date.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

interface Selection {
  rooms: number[];
  first: string;
  last: string;
  /** The first tap of a selection still waiting for its second. */
  anchor: { room: number; day: string } | null;
}

const toRule = (rule: PriceRuleView) => ({ id: rule.id, firstNight: rule.first_night, lastNight: rule.last_night, weekdays: rule.weekdays, price: rule.price, extraPrice: rule.extra_price });
const toStay = (rule: StayRuleView) => ({
  id: rule.id,
  firstNight: rule.first_night,
  lastNight: rule.last_night,
  weekdays: rule.weekdays,
  minNights: rule.min_nights,
  closedToArrival: rule.closed_to_arrival,
  closedToDeparture: rule.closed_to_departure,
});

/** Each room's rates from the month's rules, as the server prices stays (rules/rates.ts). */
function monthRates(data: RatesMonth) {
  return new Map(
    data.rooms.map((room) => [
      room.id,
      RoomRates.of(
        { price: room.price, extraPrice: room.extra_price, primaryCapacity: 1, extraCapacity: room.extra_capacity },
        data.prices.filter((rule) => rule.room_id === room.id).map(toRule),
        data.stay_rules.filter((rule) => rule.room_id === room.id).map(toStay),
      ),
    ]),
  );
}

export function RateCalendar() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const today = hotelToday();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : monthOf(today);
  const rates = useRatesMonth(month);
  const [selection, setSelection] = useState<Selection>({ rooms: [], first: '', last: '', anchor: null });
  const form = useRef<HTMLDivElement>(null);

  const go = (by: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('month', shiftMonth(month, by));
        return next;
      },
      { replace: true },
    );

  const data = rates.data;
  const days = useMemo(() => {
    if (!data) return [];
    const list: string[] = [];
    for (let day = data.first_day; day <= data.last_day; day = addDays(day, 1)) list.push(day);
    return list;
  }, [data]);
  const roomRates = useMemo(() => (data ? monthRates(data) : new Map<number, RoomRates>()), [data]);

  const pick = (room: number, day: string) => {
    setSelection((current) => {
      if (!current.anchor || !data) return { rooms: [room], first: day, last: day, anchor: { room, day } };
      const ids = data.rooms.map((r) => r.id);
      const [a, b] = [ids.indexOf(current.anchor.room), ids.indexOf(room)].sort((x, y) => x - y) as [number, number];
      const [first, last] = [current.anchor.day, day].sort() as [string, string];
      return { rooms: ids.slice(a, b + 1), first, last, anchor: null };
    });
  };

  return (
    <section className={styles.section} aria-labelledby="rates-title">
      <div className={styles.toolbar}>
        <h2 id="rates-title" className={styles.title}>
          {t('admin:rates.title')}
        </h2>
        <div className={styles.months}>
          <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label={t('admin:rates.previous')}>
            ←
          </Button>
          <span className={styles.monthName} aria-live="polite" data-testid="rates-month">
            {formatMonthYear(`${month}-01`, language)}
          </span>
          <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label={t('admin:rates.next')}>
            →
          </Button>
        </div>
      </div>
      <p className={adminStyles.hint}>{t('admin:rates.lead')}</p>

      {rates.isPending && (
        <div className={styles.state}>
          <Spinner />
        </div>
      )}
      {rates.isError && (
        <div className={styles.state} role="alert">
          <p>{t('admin:rates.loadError')}</p>
          <Button variant="secondary" onClick={() => void rates.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
      {data && data.rooms.length === 0 && <p className={styles.state}>{t('admin:rates.noRooms')}</p>}
      {data && data.rooms.length > 0 && (
        <>
          <div
            className={styles.scroller}
            role="region"
            tabIndex={0}
            aria-label={t('admin:rates.gridLabel')}
            aria-busy={rates.isFetching || undefined}
            style={{ '--days': days.length } as CSSProperties}
            data-testid="rate-calendar"
          >
            <div className={styles.grid}>
              <div className={styles.corner}>{t('admin:rates.room')}</div>
              <ol className={styles.days} aria-hidden="true">
                {days.map((day) => (
                  <li key={day} className={clsx(styles.day, isWeekend(day) && styles.weekend)}>
                    <span>{formatWeekday(day, language)}</span>
                    <span className={styles.dayNumber}>{Number(day.slice(8))}</span>
                  </li>
                ))}
              </ol>
              {data.rooms.map((room) => (
                <section key={room.id} className={styles.roomRow} aria-label={room.name[language] || room.name.ru} data-testid="rates-room" data-room-id={room.id}>
                  <h3 className={styles.roomName}>{room.name[language] || room.name.ru}</h3>
                  <ol className={styles.cells}>
                    {days.map((day) => {
                      const roomRate = roomRates.get(room.id)!;
                      const number = dayNumberOf(day);
                      const rule = roomRate.priceRuleOn(number);
                      const stay = roomRate.stayRuleOn(number);
                      const price = roomRate.nightPrice(number, false);
                      const selected = selection.rooms.includes(room.id) && selection.first !== '' && day >= selection.first && day <= selection.last;
                      const stayText = stay ? stayRuleShort(t, stay) : '';
                      const label = [
                        `${room.name[language] || room.name.ru}, ${formatStayDate(day, language)}`,
                        `${formatByn(price, language)} ${t('common:currency')}`,
                        rule ? t('admin:rates.byRule', { id: rule.id }) : t('admin:rates.base'),
                        stayText,
                      ]
                        .filter(Boolean)
                        .join(' · ');
                      return (
                        <li key={day} className={styles.cellItem}>
                          <button
                            type="button"
                            className={clsx(styles.cell, !rule && styles.base, selected && styles.selected, isWeekend(day) && styles.weekendCell, day < today && styles.past)}
                            aria-pressed={selected}
                            title={label}
                            // Nights before today take no rule (the first night of one is today at the earliest).
                            disabled={day < today}
                            data-testid="rate-cell"
                            data-date={day}
                            data-rule={rule?.id}
                            onClick={() => pick(room.id, day)}
                          >
                            <span className={styles.cellDate}>
                              {formatWeekday(day, language)} {Number(day.slice(8))}
                            </span>
                            <span className={styles.cellPrice}>{formatByn(price, language)}</span>
                            {stay && <span className={styles.cellRule}>{stayText}</span>}
                            {/* The name says what the cell shows, and the room, the date and the rule besides. */}
                            <span className="visually-hidden">{label}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ol>
                </section>
              ))}
            </div>
          </div>
          {selection.first !== '' && (
            // On a phone the form is below every room's list of nights: this bar stays at the foot
            // of the screen beside the nights tapped and takes the operator to it.
            <div className={styles.toForm} data-testid="rate-to-form">
              <span aria-live="polite">
                {t('admin:rates.selectedNights', { count: selection.first <= selection.last ? nightsBetween(selection.first, selection.last) + 1 : 0, rooms: selection.rooms.length })}
              </span>
              <Button
                size="sm"
                onClick={() => {
                  form.current?.scrollIntoView({ block: 'start' });
                  form.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus({ preventScroll: true });
                }}
              >
                {t('admin:rates.toForm')}
              </Button>
            </div>
          )}
          <RateForm data={data} selection={selection} onChange={setSelection} formRef={form} />
          <RuleList data={data} language={language} />
        </>
      )}
    </section>
  );
}

function isWeekend(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function formatMonthYear(date: string, language: Language) {
  return new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

type T = ReturnType<typeof useTranslation>['t'];

function stayRuleShort(t: T, rule: { minNights: number | null; closedToArrival: boolean; closedToDeparture: boolean }) {
  return [
    rule.minNights !== null ? t('admin:rates.minShort', { count: rule.minNights }) : '',
    rule.closedToArrival ? t('admin:rates.ctaShort') : '',
    rule.closedToDeparture ? t('admin:rates.ctdShort') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What a refused change says: the schema's key in the visitor's language, or the server's detail. */
function useProblem() {
  const { t } = useTranslation(['admin', 'common']);
  return (issues: { message: string }[] | null, error?: unknown) => {
    if (issues?.length) return t(issues[0]!.message);
    if (error instanceof ApiError && error.status < 500) return serverDetail(error) ?? t('admin:rates.saveError');
    return t('admin:rates.saveError');
  };
}

interface PriceFields {
  price: string;
  extra_price: string;
}

interface StayRuleFields {
  min_nights: string;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
}

type Target = { room_ids: number[]; first_night: string; last_night: string; weekdays: number[] };

/** The price form's request: the selection, the price in kopecks and the extra guest's, none when empty. */
const priceFormSchema = (target: Target) =>
  requestSchema(priceRuleCreateSchema, (values: PriceFields) => ({
    ...target,
    price: kopecksFromText(values.price),
    extra_price: values.extra_price.trim() === '' ? null : kopecksFromText(values.extra_price),
  }));

/** The stay rule form's request: the selection, the minimum of nights (none when empty) and the two closings. */
const stayRuleFormSchema = (target: Target) =>
  requestSchema(stayRuleCreateSchema, (values: StayRuleFields) => ({
    ...target,
    min_nights: values.min_nights.trim() === '' ? null : Number(values.min_nights),
    closed_to_arrival: values.closed_to_arrival,
    closed_to_departure: values.closed_to_departure,
  }));

function RateForm({ data, selection, onChange, formRef }: { data: RatesMonth; selection: Selection; onChange: (next: Selection) => void; formRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const [weekdays, setWeekdays] = useState<number[]>([...WEEKDAYS]);
  const [problem, setProblem] = useState<string | null>(null);
  const setPriceRule = useSetPrice();
  const setStayRule = useSetStayRule();
  const describe = useProblem();
  const anyExtra = data.rooms.some((room) => selection.rooms.includes(room.id) && room.extra_capacity > 0);

  // The selection and the weekdays are above both forms; each form's schema checks them with its own fields.
  const target: Target = { room_ids: selection.rooms, first_night: selection.first, last_night: selection.last, weekdays };
  const refused = (errors: FieldErrors) => setProblem(describe([{ message: firstErrorMessage(errors) ?? 'common:validation.invalid' }]));

  const submitPrice = (body: PriceRuleCreate) => {
    setProblem(null);
    setPriceRule.mutate(body, {
      onSuccess: () => toast.success(t('admin:rates.priceSet')),
      onError: (error) => setProblem(describe(null, error)),
    });
  };

  const submitStayRule = (body: StayRuleCreate) => {
    setProblem(null);
    setStayRule.mutate(body, {
      onSuccess: () => toast.success(t('admin:rates.ruleSet')),
      onError: (error) => setProblem(describe(null, error)),
    });
  };

  const toggle = (list: number[], value: number) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort((a, b) => a - b));

  return (
    <div className={styles.form} data-testid="rate-form" ref={formRef}>
      <fieldset className={adminStyles.fieldset}>
        <legend className={adminStyles.legend}>{t('admin:rates.selection')}</legend>
        <div className={styles.roomChecks}>
          {data.rooms.map((room) => (
            <label key={room.id} className={adminStyles.check}>
              <input type="checkbox" checked={selection.rooms.includes(room.id)} onChange={() => onChange({ ...selection, rooms: toggle(selection.rooms, room.id), anchor: null })} />
              {room.name[language] || room.name.ru}
            </label>
          ))}
        </div>
        <div className={adminStyles.pair}>
          <Input type="date" label={t('admin:rates.firstNight')} value={selection.first} onChange={(e) => onChange({ ...selection, first: e.target.value, anchor: null })} />
          <Input type="date" label={t('admin:rates.lastNight')} value={selection.last} onChange={(e) => onChange({ ...selection, last: e.target.value, anchor: null })} />
        </div>
        <div className={styles.weekdays} role="group" aria-label={t('admin:rates.weekdays')}>
          {WEEKDAYS.map((weekday) => (
            <label key={weekday} className={adminStyles.check}>
              <input type="checkbox" checked={weekdays.includes(weekday)} onChange={() => setWeekdays(toggle(weekdays, weekday))} />
              {t(`admin:rates.weekday.${weekday}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className={styles.problem} role="alert" data-testid="rates-problem">
          {problem}
        </p>
      )}
      <div className={styles.forms}>
        <Form
          className={styles.box}
          schema={priceFormSchema(target)}
          options={{ defaultValues: { price: '', extra_price: '' } }}
          onSubmit={submitPrice}
          onInvalid={refused}
          noValidate={false}
          aria-labelledby="rates-price-title"
        >
          {(form) => (
            <>
              <h3 id="rates-price-title" className={styles.boxTitle}>
                {t('admin:rates.priceTitle')}
              </h3>
              <Input label={t('admin:rates.price')} inputMode="decimal" {...form.register('price')} />
              {anyExtra && <Input label={t('admin:rates.extraPrice')} hint={t('admin:rates.extraHint')} inputMode="decimal" {...form.register('extra_price')} />}
              <Button type="submit" loading={setPriceRule.isPending}>
                {t('admin:rates.setPrice')}
              </Button>
            </>
          )}
        </Form>
        <Form
          className={styles.box}
          schema={stayRuleFormSchema(target)}
          options={{ defaultValues: { min_nights: '', closed_to_arrival: false, closed_to_departure: false } }}
          onSubmit={submitStayRule}
          onInvalid={refused}
          noValidate={false}
          aria-labelledby="rates-rule-title"
        >
          {(form) => (
            <>
              <h3 id="rates-rule-title" className={styles.boxTitle}>
                {t('admin:rates.ruleTitle')}
              </h3>
              <Input label={t('admin:rates.minNights')} type="number" min={1} max={30} inputMode="numeric" {...form.register('min_nights')} />
              <label className={adminStyles.check}>
                <input type="checkbox" {...form.register('closed_to_arrival')} />
                {t('admin:rates.closedToArrival')}
              </label>
              <label className={adminStyles.check}>
                <input type="checkbox" {...form.register('closed_to_departure')} />
                {t('admin:rates.closedToDeparture')}
              </label>
              <Button type="submit" loading={setStayRule.isPending}>
                {t('admin:rates.setRule')}
              </Button>
            </>
          )}
        </Form>
      </div>
    </div>
  );
}

function RuleList({ data, language }: { data: RatesMonth; language: Language }) {
  const { t } = useTranslation(['admin', 'common']);
  const remove = useRemoveRule();
  const roomName = (id: number) => {
    const room = data.rooms.find((r) => r.id === id);
    return room ? room.name[language] || room.name.ru : `#${id}`;
  };
  const weekdayText = (days: number[]) => (days.length === 7 ? t('admin:rates.everyDay') : days.map((d) => t(`admin:rates.weekday.${d}`)).join(', '));
  const range = (rule: { first_night: string; last_night: string }) =>
    rule.first_night === rule.last_night ? formatStayDate(rule.first_night, language) : `${formatStayDate(rule.first_night, language)} – ${formatStayDate(rule.last_night, language)}`;
  const rules = [
    ...data.prices.map((rule) => ({ kind: 'price' as const, rule, text: `${formatByn(rule.price, language)} ${t('common:currency')}${rule.extra_price !== null ? ` / ${formatByn(rule.extra_price, language)} ${t('common:currency')}` : ''}` })),
    ...data.stay_rules.map((rule) => ({
      kind: 'stay' as const,
      rule,
      text: stayRuleShort(t, { minNights: rule.min_nights, closedToArrival: rule.closed_to_arrival, closedToDeparture: rule.closed_to_departure }),
    })),
  ].sort((a, b) => b.rule.created_at.localeCompare(a.rule.created_at) || b.rule.id - a.rule.id);
  return (
    <section className={styles.rules} aria-labelledby="rates-rules-title">
      <h3 id="rates-rules-title" className={styles.boxTitle}>
        {t('admin:rates.rulesTitle')}
      </h3>
      <p className={adminStyles.hint}>{t('admin:rates.newestWins')}</p>
      {rules.length === 0 ? (
        <p className={adminStyles.hint}>{t('admin:rates.noRules')}</p>
      ) : (
        <ul className={adminStyles.list}>
          {rules.map(({ kind, rule, text }) => (
            <li key={`${kind}-${rule.id}`} className={adminStyles.row} data-testid="rate-rule">
              <span className={styles.ruleText}>
                <strong>
                  {kind === 'price' ? t('admin:rates.priceRule', { id: rule.id }) : t('admin:rates.stayRule', { id: rule.id })}
                </strong>{' '}
                {roomName(rule.room_id)} · {range(rule)} · {weekdayText(rule.weekdays)} · {text}
              </span>
              <Button
                variant="secondary"
                size="sm"
                loading={remove.isPending && remove.variables?.id === rule.id && remove.variables.kind === kind}
                onClick={() => remove.mutate({ kind, id: rule.id }, { onError: () => toast.error(t('admin:rates.saveError')) })}
              >
                {t('admin:rates.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

