/**
 * The room-search form (spec 3 "Search form", CHR header search): check-in, check-out and guests,
 * validated with the domain's roomFilterSchema on every change (room-filter-check.ts, which comes
 * once the form is drawn unless the page gives it). Used in the site header (compact),
 * on /hotel and on /hotel/rooms. By default a valid submit goes to /hotel/rooms with the criteria in
 * the query string; a caller may pass onSubmit to handle the filter itself.
 */
import clsx from 'clsx';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { useNavigate } from 'react-router';
import { addDays, isIsoDate, type RoomFilter } from '@hotel/domain';
import { paths, roomsSearchPath } from '../paths';
import type { checkRoomFilter, RoomFilterDraft, RoomFilterField } from './room-filter-check';
import { localToday, searchToday } from './search-today';
import styles from './room-search-form.module.css';

/** Check-in tomorrow, check-out the day after, one guest. */
export function defaultRoomFilter(today: string = localToday()): RoomFilter {
  return { arrival: addDays(today, 1), departure: addDays(today, 2), guests: 1 };
}

type Field = RoomFilterField;
type Draft = RoomFilterDraft;

/** The labels' keys, in the words of the spec's form. */
const LABELS: Record<Field, string> = { arrival: 'hotel:search.checkIn', departure: 'hotel:search.checkOut', guests: 'hotel:search.guests' };
/**
 * The fields' names are the address's (roomsSearchPath): the form is a real GET form to
 * /hotel/rooms, so a search sent before the scripts have started, or without them, lands where
 * the scripts would take it.
 */
const QUERY_NAMES: Record<Field, string> = { arrival: 'checkIn', departure: 'checkOut', guests: 'guests' };

type RoomFilterCheck = typeof checkRoomFilter;
let loadedCheck: RoomFilterCheck | undefined;

/** The rule, loaded once for every form of the page (room-filter-check.ts, zod with it). */
function loadCheck(): Promise<RoomFilterCheck> {
  return import('./room-filter-check').then((module) => (loadedCheck = module.checkRoomFilter));
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
  /**
   * The rule to check the fields with, from a page that has it already: the search page, whose form
   * shows its address's errors from the start. Without it the form shows no error until the rule has
   * come, which it asks for once it is drawn, and a submit before then waits for it.
   */
  check?: RoomFilterCheck;
  /** The fields' ids start with it (`<idBase>-arrival`…); without it, with an id React makes. A form the server draws apart from its page names one (shared/ssr/server-slot.tsx). */
  idBase?: string;
  className?: string;
}

export function RoomSearchForm({ initial, onSubmit, compact = false, loading = false, checked = false, check: given, idBase, className }: RoomSearchFormProps) {
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
  const [check, setCheck] = useState<RoomFilterCheck | undefined>(() => given ?? loadedCheck);
  useEffect(() => {
    if (!check) void loadCheck().then((loaded) => setCheck(() => loaded));
  }, [check]);
  const { filter, errors } = useMemo(() => (check ? check(draft, today) : { errors: {} }), [check, draft, today]);

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };

  // The two dates are one decision: changing either shows the rule that ties them (check-out after check-in).
  const datesTouched = touched.arrival || touched.departure;
  const shownError = (field: Field) =>
    submitted || touched[field] || (field !== 'guests' && datesTouched) ? errors[field] : undefined;

  const search = (valid: RoomFilter) => {
    if (onSubmit) onSubmit(valid);
    else void navigate(roomsSearchPath(valid));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (loading) return;
    if (check) {
      if (filter) search(filter);
      return;
    }
    // Sent before the rule has come: checked as soon as it has.
    void loadCheck().then((loaded) => {
      setCheck(() => loaded);
      const checkedNow = loaded(draft, today);
      if (checkedNow.filter) search(checkedNow.filter);
    });
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
