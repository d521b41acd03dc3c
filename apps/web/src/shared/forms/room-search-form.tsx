/**
 * The room-search form (spec 3 "Search form", CHR header search): check-in, check-out and guests,
 * validated with the domain's roomFilterSchema on every change. Used in the site header (compact),
 * on /hotel and on /hotel/rooms. By default a valid submit goes to /hotel/rooms with the criteria in
 * the query string; a caller may pass onSubmit to handle the filter itself.
 */
import clsx from 'clsx';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addDays, hotelToday, isIsoDate, roomFilterSchemaOn, type RoomFilter } from '@hotel/domain';
import { paths, roomsSearchFrom, roomsSearchPath } from '../paths';
import styles from './room-search-form.module.css';

/** The visitor's local calendar date, "YYYY-MM-DD" (the filter rule compares with the local date). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Today" for the form's first dates: the visitor's own day in the browser, and the hotel's
 * (Europe/Minsk) when the page is drawn on the server, whose clock may be UTC: after midnight in
 * Grodno it gave yesterday's dates.
 */
export function searchToday(now: Date = new Date(), onServer: boolean = typeof window === 'undefined'): string {
  return onServer ? hotelToday(now) : localToday(now);
}

/** Check-in tomorrow, check-out the day after, one guest. */
export function defaultRoomFilter(today: string = localToday()): RoomFilter {
  return { arrival: addDays(today, 1), departure: addDays(today, 2), guests: 1 };
}

/** The last address's filter, by the day and the query: the server's search page asks twice for each (its data and its form). */
let lastFilter: { key: string; filter: RoomFilter | null } | undefined;

/**
 * The filter an address of /hotel/rooms carries, checked with the same schema as the form (and the
 * same day: the hotel's on the server); null when it is not a valid one.
 */
export function roomFilterFromSearch(params: URLSearchParams): RoomFilter | null {
  const today = searchToday();
  const key = `${today}?${params.toString()}`;
  if (lastFilter?.key !== key) {
    const result = roomFilterSchemaOn(today).safeParse(roomsSearchFrom(params));
    lastFilter = { key, filter: result.success ? result.data : null };
  }
  return lastFilter.filter;
}

type Field = keyof RoomFilter;
type Errors = Partial<Record<Field, string>>;

interface Draft {
  arrival: string;
  departure: string;
  guests: string;
}

/** The labels' keys, in the words of the spec's form. */
const LABELS: Record<Field, string> = { arrival: 'hotel:search.checkIn', departure: 'hotel:search.checkOut', guests: 'hotel:search.guests' };
/**
 * The fields' names are the address's (roomsSearchPath): the form is a real GET form to
 * /hotel/rooms, so a search sent before the scripts have started, or without them, lands where
 * the scripts would take it.
 */
const QUERY_NAMES: Record<Field, string> = { arrival: 'checkIn', departure: 'checkOut', guests: 'guests' };

function validate(draft: Draft, today: string): { filter?: RoomFilter; errors: Errors } {
  const candidate = {
    arrival: draft.arrival,
    departure: draft.departure,
    guests: draft.guests.trim() === '' ? undefined : Number(draft.guests),
  };
  const result = roomFilterSchemaOn(today).safeParse(candidate);
  if (result.success) return { filter: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export interface RoomSearchFormProps {
  /** Starting values; missing ones take the defaults (tomorrow, the day after, 1 guest). */
  initial?: Partial<RoomFilter>;
  /** Handles a valid filter instead of navigating to /hotel/rooms. */
  onSubmit?: (filter: RoomFilter) => void;
  /** One slim row, for the site header. */
  compact?: boolean;
  /** Disables the submit button (e.g. while results load). */
  loading?: boolean;
  /** Shows every field's error from the start, as after a submit: the values came from a search that was sent (an address). */
  checked?: boolean;
  /** The fields' ids start with it (`<idBase>-arrival`…); without it, with an id React makes. A form the server draws apart from its page names one (shared/ssr/server-slot.tsx). */
  idBase?: string;
  className?: string;
}

export function RoomSearchForm({ initial, onSubmit, compact = false, loading = false, checked = false, idBase, className }: RoomSearchFormProps) {
  const { t } = useTranslation(['hotel', 'common']);
  const navigate = useNavigate();
  const generatedId = useId();
  const id = idBase ?? generatedId;
  const today = searchToday();
  const [draft, setDraft] = useState<Draft>(() => {
    const defaults = defaultRoomFilter(today);
    return {
      arrival: initial?.arrival && isIsoDate(initial.arrival) ? initial.arrival : defaults.arrival,
      departure: initial?.departure && isIsoDate(initial.departure) ? initial.departure : defaults.departure,
      guests: String(initial?.guests ?? defaults.guests),
    };
  });
  // Errors show for the fields the visitor has changed, and for all of them after a submit attempt.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(checked);
  const { filter, errors } = useMemo(() => validate(draft, today), [draft, today]);

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };

  // The two dates are one decision: changing either shows the rule that ties them (check-out after check-in).
  const datesTouched = touched.arrival || touched.departure;
  const shownError = (field: Field) =>
    submitted || touched[field] || (field !== 'guests' && datesTouched) ? errors[field] : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!filter || loading) return;
    if (onSubmit) onSubmit(filter);
    else void navigate(roomsSearchPath(filter));
  };

  const fields: { name: Field; type: 'date' | 'number'; min?: string; max?: string }[] = [
    { name: 'arrival', type: 'date', min: today },
    { name: 'departure', type: 'date', min: draft.arrival && isIsoDate(draft.arrival) ? addDays(draft.arrival, 1) : today },
    { name: 'guests', type: 'number', min: '1', max: '20' },
  ];

  return (
    <form
      className={clsx(styles.form, compact && styles.compact, className)}
      action={paths.hotel.rooms}
      method="get"
      onSubmit={submit}
      noValidate
      role="search"
      aria-label={t('hotel:search.title')}
      data-testid={compact ? 'header-room-search' : 'room-search'}
    >
      {fields.map(({ name, type, min, max }) => {
        const inputId = `${id}-${name}`;
        const error = shownError(name);
        return (
          <div key={name} className={clsx(styles.field, styles[name])} data-invalid={error ? true : undefined}>
            <label htmlFor={inputId} className={styles.label}>
              {t(LABELS[name])}
            </label>
            <input
              id={inputId}
              name={QUERY_NAMES[name]}
              type={type}
              className={styles.input}
              value={draft[name]}
              min={min}
              max={max}
              inputMode={type === 'number' ? 'numeric' : undefined}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => change(name, event.target.value)}
            />
            {error && (
              <p id={`${inputId}-error`} className={styles.error} role="alert">
                {t(error)}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className={styles.submit} disabled={loading} aria-busy={loading || undefined}>
        {loading ? t('common:loading') : t('hotel:search.submit')}
      </button>
    </form>
  );
}

export default RoomSearchForm;
