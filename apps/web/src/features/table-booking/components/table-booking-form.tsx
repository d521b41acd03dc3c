/**
 * The guest's table booking (/restaurant/book; issue 24, point 1): date, party, a start time among
 * the day's (full ones shown as such), name, phone, e-mail for the letter and wishes. A party
 * larger than 12 is a banquet: the form gives way to a note with the banquet page and the phone.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import {
  addDays,
  firstTableDay,
  formatPhone,
  hotelClock,
  hotelToday,
  isTablePast,
  TABLE_HORIZON_DAYS,
  TABLE_PARTY_MAX,
  TABLE_TIMES,
  tableBookingSchema,
  venue,
  type TableReservation,
} from '@hotel/domain';
import { paths } from '../../../shared/paths';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { takeEarlyText } from '../../../shared/hydration/early-taps';
import { useSession } from '../../../shared/session/session-store';
import { Button, Input, Select, TextArea } from '../../../shared/ui';
import { formatStayDate } from '../../../shared/format/dates';
import { useBookTable, useTableDay } from '../api/tables';
import { isTimeTaken, nearestOf, tableErrorKey } from '../lib/details';
import styles from './table-booking.module.css';

const PARTY_OPTIONS = Array.from({ length: TABLE_PARTY_MAX + 1 }, (_, i) => i + 1);

/** The booking schema, and an e-mail for the letter required of a guest who is not signed in. */
function formSchema(signedIn: boolean) {
  return tableBookingSchema().superRefine((value, ctx) => {
    if (!signedIn && !value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'restaurant:tables.validation.emailRequired' });
  });
}

/** What a table booked here shows: the server's answer, or the address a form posted without scripts comes back to. */
type BookedTable = Pick<TableReservation, 'status' | 'date' | 'time' | 'party' | 'email' | 'email_state' | 'hold_until'>;

/**
 * The answer to a form posted without scripts (apps/api's modules/restaurant/book-page.ts), read
 * from the address: the table booked, or the day and party with what went wrong.
 */
function answerOf(params: URLSearchParams, today: string, now: Date) {
  const date = params.get('date') ?? '';
  const party = Number(params.get('party'));
  const dayOk = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && date <= addDays(today, TABLE_HORIZON_DAYS);
  const partyOk = Number.isInteger(party) && party >= 1 && party <= TABLE_PARTY_MAX;
  const status = params.get('booked');
  const time = params.get('time') ?? '';
  const until = params.get('until');
  const awaiting = status === 'awaiting' && until !== null && !Number.isNaN(Date.parse(until));
  const booked: BookedTable | null =
    (status === 'requested' || status === 'confirmed' || awaiting) && dayOk && partyOk && TABLE_TIMES.includes(time)
      ? awaiting
        ? { status: 'requested', date, time, party, email: null, email_state: 'awaiting', hold_until: until }
        : { status: status as 'requested' | 'confirmed', date, time, party, email: null, email_state: 'confirmed', hold_until: null }
      : null;
  const failed = params.get('failed');
  return {
    date: dayOk ? date : firstTableDay(now),
    party: partyOk ? party : 2,
    booked,
    failedKey: failed === 'full' ? 'restaurant:tables.errors.full' : failed === 'limit' ? 'restaurant:tables.errors.tooMany' : failed === 'email' ? 'restaurant:tables.validation.emailRequired' : failed === 'invalid' ? 'restaurant:tables.errors.invalid' : null,
  };
}

export function TableBookingForm() {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const user = useSession((s) => s.user);
  const book = useBookTable();
  const today = hotelToday();
  const [params] = useSearchParams();
  const answer = answerOf(params, today, new Date());
  const [booked, setBooked] = useState<BookedTable | null>(answer.booked);

  if (booked) return <Booked table={booked} signedIn={user !== null} onAnother={() => setBooked(null)} />;

  return (
    <Form
      schema={formSchema(user !== null)}
      className={styles.form}
      aria-labelledby="table-form-title"
      data-testid="table-booking-form"
      // Without scripts the form posts as it is (apps/api's modules/restaurant/book-page.ts).
      method="post"
      action={paths.restaurantBook}
      options={{
        defaultValues: {
          date: answer.date,
          party: answer.party,
          time: '',
          name: user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '',
          phone: user?.phone ?? '',
          email: user?.email ?? '',
          wishes: '',
          language,
        },
      }}
      onSubmit={async (values, form) => {
        try {
          const table = await book.mutateAsync({ ...values, email: values.email || undefined, language });
          setBooked(table);
        } catch (error) {
          // Shown below the form from the mutation's error. A time that filled meanwhile is no
          // longer the guest's choice (issue 48, point 10): the day is asked again and shows it full.
          if (isTimeTaken(error)) form.setValue('time', '');
        }
      }}
    >
      {(form, error) => (
        <>
          <input type="hidden" name="language" value={language} />
          <FormFields form={form} error={error} today={today} failure={book.error} failedKey={book.error ? null : answer.failedKey} first={answer} pending={book.isPending} onNearest={(time) => {
            form.setValue('time', time, { shouldValidate: true });
            book.reset();
          }} t={t} language={language} />
        </>
      )}
    </Form>
  );
}

interface FieldsProps {
  form: FormMethods<ReturnType<typeof formSchema>>;
  error: (name: 'date' | 'party' | 'time' | 'name' | 'phone' | 'email' | 'wishes') => string | undefined;
  today: string;
  failure: unknown;
  /** What went wrong with the form posted without scripts, from the address. */
  failedKey: string | null;
  /** The day and party drawn first: in the markup too, which the form's library fills only in the browser. */
  first: { date: string; party: number };
  pending: boolean;
  onNearest: (time: string) => void;
  t: ReturnType<typeof useTranslation>['t'];
  language: 'ru' | 'en';
}

/** The fields a guest types into, kept by public/boot.js while the page is not yet the app's. */
const EARLY_FIELDS = ['name', 'phone', 'email', 'wishes'] as const;
const earlyName = (field: (typeof EARLY_FIELDS)[number]) => `table-${field}`;

function FormFields({ form, error, today, failure, failedKey, first, pending, onNearest, t }: FieldsProps) {
  // Letters typed into the server's form before the app took it over: the form's library sets each
  // field to its default as it takes the field, so the form takes them back (as the menu's search
  // does, shared/hydration/early-taps.ts), before the browser paints.
  useLayoutEffect(() => {
    for (const field of EARLY_FIELDS) {
      const typed = takeEarlyText(earlyName(field));
      if (typed) form.setValue(field, typed, { shouldDirty: true });
    }
  }, [form]);
  const [date, party, chosen] = useWatch({ control: form.control, name: ['date', 'party', 'time'] });
  const partyNumber = Number(party);
  const banquet = partyNumber > TABLE_PARTY_MAX;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(String(date)) && String(date) >= today && String(date) <= addDays(today, TABLE_HORIZON_DAYS);
  const day = useTableDay(String(date), banquet ? 1 : partyNumber, validDate && !banquet);
  const nearest = nearestOf(failure);
  const freeCount = day.data?.times.filter((slot) => slot.free).length ?? 0;
  const now = new Date();

  return (
    <>
      <div className={styles.row}>
        <Input
          label={t('restaurant:tables.form.date')}
          type="date"
          min={today}
          max={addDays(today, TABLE_HORIZON_DAYS)}
          required
          error={error('date')}
          defaultValue={first.date}
          {...form.register('date')}
        />
        <Select
          label={t('restaurant:tables.form.party')}
          required
          error={banquet ? undefined : error('party')}
          defaultValue={String(first.party)}
          options={PARTY_OPTIONS.map((n) => ({ value: String(n), label: n > TABLE_PARTY_MAX ? t('restaurant:tables.form.partyMore', { count: TABLE_PARTY_MAX }) : String(n) }))}
          {...form.register('party')}
        />
      </div>

      {banquet ? (
        <div className={styles.banquet} role="status" data-testid="table-banquet">
          <p>{t('restaurant:tables.banquet.text', { count: TABLE_PARTY_MAX })}</p>
          <p className={styles.banquetActions}>
            <Link to={paths.banquet}>{t('restaurant:tables.banquet.link')}</Link>
            <a href={`tel:${venue.phones.restaurant}`}>{formatPhone(venue.phones.restaurant)}</a>
          </p>
        </div>
      ) : (
        <>
          <fieldset className={styles.times} aria-describedby="table-times-hint">
            <legend className={styles.legend}>{t('restaurant:tables.form.time')}</legend>
            <p id="table-times-hint" className={styles.hint}>
              {t('restaurant:tables.form.timeHint')}
            </p>
            {!validDate ? (
              <p className={styles.hint}>{t('restaurant:tables.form.pickDate')}</p>
            ) : day.isPending ? (
              // The day's times before it is known which are full, as the server draws them: a
              // form posted without scripts is checked when it arrives (issue 48, point 11), and
              // may be for another day than the one drawn, so every time is there. Those already
              // gone today are marked, and hidden from the first paint where scripts run (as the
              // answer will leave them out), so the list keeps its length when the answer comes:
              // it moved the fields below up under a phone's thumb.
              <div className={styles.slots} data-testid="table-times">
                {TABLE_TIMES.map((time) => (
                  <label key={time} className={styles.slot} data-free data-chosen={chosen === time || undefined} data-past={isTablePast(String(date), time, now) || undefined}>
                    <input type="radio" value={time} {...form.register('time')} />
                    <span>{time}</span>
                  </label>
                ))}
              </div>
            ) : day.isError ? (
              <p className={styles.errorText} role="alert">
                {t('restaurant:tables.errors.day')}{' '}
                <button type="button" className={styles.linkButton} onClick={() => void day.refetch()}>
                  {t('restaurant:tables.retry')}
                </button>
              </p>
            ) : (
              <>
                {freeCount === 0 && <p className={styles.hint} role="status">{t('restaurant:tables.form.dayFull')}</p>}
                <div className={styles.slots} data-testid="table-times">
                  {day.data?.times.map((slot) => (
                    <label key={slot.time} className={styles.slot} data-free={slot.free || undefined} data-chosen={chosen === slot.time || undefined}>
                      <input type="radio" value={slot.time} disabled={!slot.free} {...form.register('time')} />
                      <span>{slot.time}</span>{' '}
                      {!slot.free && <span className={styles.full}>{t('restaurant:tables.form.full')}</span>}
                    </label>
                  ))}
                </div>
              </>
            )}
            {error('time') && (
              <p className={styles.errorText} role="alert">
                {error('time')}
              </p>
            )}
          </fieldset>

          <div className={styles.row}>
            <Input label={t('restaurant:tables.form.name')} autoComplete="name" required error={error('name')} data-early-text={earlyName('name')} {...form.register('name')} />
            <Input label={t('restaurant:tables.form.phone')} type="tel" autoComplete="tel" required error={error('phone')} data-early-text={earlyName('phone')} {...form.register('phone')} />
          </div>
          <Input
            label={t('restaurant:tables.form.email')}
            type="email"
            autoComplete="email"
            hint={t('restaurant:tables.form.emailHint')}
            error={error('email')}
            data-early-text={earlyName('email')}
            {...form.register('email')}
          />
          <TextArea label={t('restaurant:tables.form.wishes')} rows={3} error={error('wishes')} data-early-text={earlyName('wishes')} {...form.register('wishes')} />

          {failedKey && (
            <div className={styles.failure} role="alert" data-testid="table-booking-error">
              <p>{t(failedKey)}</p>
            </div>
          )}
          {failure !== null && failure !== undefined && (
            <div className={styles.failure} role="alert" data-testid="table-booking-error">
              <p>{t(tableErrorKey(failure))}</p>
              {nearest.length > 0 && (
                <p className={styles.nearest}>
                  <span>{t('restaurant:tables.errors.nearest')}</span>
                  {nearest.map((time) => (
                    <Button key={time} type="button" size="sm" variant="outline" onClick={() => onNearest(time)}>
                      {time}
                    </Button>
                  ))}
                </p>
              )}
            </div>
          )}

          <div className={styles.submit}>
            <Button type="submit" loading={pending} data-testid="table-booking-submit">
              {t('restaurant:tables.form.submit')}
            </Button>
            <p className={styles.hint}>{t('restaurant:tables.form.holdNote')}</p>
          </div>
        </>
      )}
    </>
  );
}

function Booked({ table, signedIn, onAnother }: { table: BookedTable; signedIn: boolean; onAnother: () => void }) {
  const { t } = useTranslation(['restaurant', 'account']);
  const { language } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the answer takes the focus and the view, so neither is lost with it.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  // An address not proved the booker's: the table waits for the link in the letter (docs/decisions/048-table-confirmation.md).
  const awaiting = table.email_state === 'awaiting' && table.hold_until !== null;
  const title = awaiting ? 'checkMail' : table.status === 'confirmed' ? 'confirmed' : 'requested';
  return (
    <div className={styles.done} role="status" data-testid="table-booked">
      <h2 ref={heading} tabIndex={-1} className={styles.doneTitle}>{t(`restaurant:tables.done.${title}`)}</h2>
      <p>
        {t('restaurant:tables.done.when', { date: formatStayDate(table.date, language), time: table.time, count: table.party })}
      </p>
      {awaiting ? (
        <p data-testid="table-confirm-note">
          {table.email
            ? t('restaurant:tables.done.confirmLetter', { email: table.email, until: hotelClock(new Date(table.hold_until!)) })
            : t('restaurant:tables.done.confirmLetterSent', { until: hotelClock(new Date(table.hold_until!)) })}
        </p>
      ) : (
        table.email && <p>{t('restaurant:tables.done.letter', { email: table.email })}</p>
      )}
      <p className={styles.banquetActions}>
        {signedIn && <Link to={paths.account.reservations}>{t('restaurant:tables.done.account')}</Link>}
        {/* A link first, so it leads back to an empty form without scripts too. */}
        <Link to={paths.restaurantBook} className={styles.linkButton} onClick={onAnother} data-testid="table-book-another">
          {t('restaurant:tables.done.another')}
        </Link>
      </p>
    </div>
  );
}
