import { useQuery } from '@tanstack/react-query';
import { useTranslation, type TFunction } from '../../../shared/i18n';
import { localizedTextSchema, textIn, type AuditEntry, type Language, type LocalizedText } from '@hotel/domain';
import { formatMoment, formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Spinner } from '../../../shared/ui';
import { useAuditLog } from '../api/audit-log';
import { adminRoomsQuery } from '../../../shared/admin/admin-rooms';
import styles from '../../../shared/admin/admin.module.css';
import logStyles from './audit-log.module.css';

/**
 * The fields the server writes in the log (grep `audit(` in apps/api/src), in the order an entry
 * lists them, with how each value reads. A field added later reads under its own name, as plain text.
 */
const FIELDS = {
  name: 'text',
  title: 'text',
  description: 'text',
  category_id: 'plain',
  room_id: 'room',
  arrival: 'date',
  departure: 'date',
  price: 'money',
  extra_price: 'money',
  price_per_night: 'money',
  cancellation_fee: 'money',
  canceled_at: 'time',
  no_show_at: 'time',
  hidden: 'plain',
  convenience_ids: 'plain',
  room_ids: 'rooms',
  image: 'picture',
  images: 'pictures',
  status: 'status',
  reason: 'text',
  role: 'role',
  note: 'text',
  host: 'text',
  block_id: 'number',
  feed_id: 'number',
  renewed: 'plain',
  closed_today: 'plain',
  shown: 'plain',
  answer: 'text',
} as const;
type Field = keyof typeof FIELDS;
const KNOWN = Object.keys(FIELDS);
const isField = (key: string): key is Field => Object.hasOwn(FIELDS, key);

interface Readers {
  t: TFunction;
  language: Language;
  /** A room's name by its id, once the rooms are known; the log itself keeps only ids. */
  roomName: (id: number) => string | undefined;
}

const isText = (value: unknown): value is LocalizedText => localizedTextSchema.safeParse(value).success;

/** Any value, readable without knowing its field: a dash for nothing, yes or no, a text in both languages. */
function plain(value: unknown, { t }: Readers): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(value ? 'admin:log.values.yes' : 'admin:log.values.no');
  if (isText(value)) return value.en ? `${value.ru} / ${value.en}` : value.ru;
  if (Array.isArray(value)) return value.map(String).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** A value as its field reads: prices in roubles (the log keeps kopecks, as the rooms and dishes do), dates, statuses. */
function show(key: string, value: unknown, readers: Readers): string {
  const { t, language } = readers;
  const kind = isField(key) ? FIELDS[key] : 'plain';
  if (value === null || value === undefined) return '—';
  if (kind === 'money' && typeof value === 'number') return formatMoney(value, language, t('common:currency'));
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatStayDate(value, language);
  if (kind === 'time' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatMoment(value, language);
  if (kind === 'number' && typeof value === 'number') return t('admin:log.values.number', { id: value });
  if (kind === 'room' && typeof value === 'number') return readers.roomName(value) ?? t('admin:log.values.number', { id: value });
  if (kind === 'rooms' && Array.isArray(value))
    return value.map((id) => (typeof id === 'number' ? (readers.roomName(id) ?? t('admin:log.values.number', { id })) : String(id))).join(', ') || '—';
  if (kind === 'picture' && typeof value === 'string') return t('admin:log.values.picture');
  if (kind === 'pictures' && Array.isArray(value)) return value.length ? t('admin:log.values.pictures', { count: value.length }) : '—';
  if (kind === 'status' && typeof value === 'string') return t(`admin:log.statuses.${value}`, { defaultValue: value });
  if (kind === 'role' && typeof value === 'string') return t(`admin:role.${value}`, { defaultValue: value });
  return plain(value, readers);
}

/** "Номер 2 «Люкс»" / "Room 2 “Deluxe”", "Бронирование №5" / "Booking #5", "Кухня, 1 дек. 2026"; a target of another shape as written. */
function targetLabel(entry: AuditEntry, { t, language }: Readers): string {
  if (!entry.target_kind || entry.target_id === null) return entry.target;
  // The kitchen's target is a hotel day.
  const id = entry.target_kind === 'kitchen' && /^\d{4}-\d{2}-\d{2}$/.test(entry.target_id) ? formatStayDate(entry.target_id, language) : entry.target_id;
  const target = t(`admin:log.targets.${entry.target_kind}`, { id });
  const name = entry.target_name && (textIn(entry.target_name, language));
  return name ? t('admin:log.named', { target, name }) : target;
}

/** Known fields in the order of FIELDS, then the others as they come. */
function changedKeys(entry: AuditEntry): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...KNOWN.filter((key) => keys.has(key)), ...[...keys].filter((key) => !isField(key))];
}

/** Past this many characters, before and after stand one under the other, an arrow between them. */
const STACKED_LENGTH = 60;

/**
 * What happened to a room's photos when their number stayed the same ("4 фото → 4 фото" said
 * nothing): a new cover, another order, or some replaced.
 */
function picturesNote(before: unknown, after: unknown, { t }: Readers): string | null {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length || before.length === 0) return null;
  if (before.every((file, index) => file === after[index])) return null;
  const kept = after.filter((file) => before.includes(file)).length;
  if (kept < after.length) return t('admin:log.values.picturesReplaced', { count: after.length - kept });
  return before[0] !== after[0] ? t('admin:log.values.newCover') : t('admin:log.values.reordered');
}

/** The after text with the words the before did not have marked, so a long description's change is seen. */
function MarkedText({ before, after }: { before: string; after: string }) {
  const was = before.split(/(\s+)/);
  const is = after.split(/(\s+)/);
  // Longest common subsequence of the words: what is in it stayed, the rest of `is` is new.
  const table = Array.from({ length: was.length + 1 }, () => new Array<number>(is.length + 1).fill(0));
  for (let i = was.length - 1; i >= 0; i -= 1) {
    for (let j = is.length - 1; j >= 0; j -= 1) {
      table[i]![j] = was[i] === is[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const parts: { text: string; added: boolean }[] = [];
  let i = 0;
  for (let j = 0; j < is.length; j += 1) {
    while (i < was.length && was[i] !== is[j] && table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    const added = !(i < was.length && was[i] === is[j]);
    if (!added) i += 1;
    const last = parts.at(-1);
    if (last && last.added === added) last.text += is[j];
    else parts.push({ text: is[j]!, added });
  }
  return (
    <>
      {parts.map((part, index) => {
        if (!part.added || !part.text.trim()) return part.text;
        // The spaces around new words stay unmarked.
        const [, lead, words, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text)!;
        return (
          <span key={index}>
            {lead}
            <mark className={logStyles.added}>{words}</mark>
            {trail}
          </span>
        );
      })}
    </>
  );
}

/** Texts this long are shown with their changed words marked. */
const MARKED_LENGTH = 40;

function Change({ entry, readers }: { entry: AuditEntry; readers: Readers }) {
  const { t } = readers;
  const keys = changedKeys(entry);
  if (keys.length === 0) return null;
  return (
    <dl className={logStyles.change}>
      {keys.map((key) => {
        const was = entry.before && show(key, entry.before[key], readers);
        const note = isField(key) && FIELDS[key] === 'pictures' && entry.before && entry.after ? picturesNote(entry.before[key], entry.after[key], readers) : null;
        const shown = entry.after && show(key, entry.after[key], readers);
        const is = shown !== null && note ? `${shown} · ${note}` : shown;
        const marked = was !== null && is !== null && isField(key) && FIELDS[key] === 'text' && is.length > MARKED_LENGTH && was !== '—';
        const stacked = (was?.length ?? 0) + (is?.length ?? 0) > STACKED_LENGTH;
        return (
          <div key={key} className={logStyles.field} data-testid="audit-field">
            <dt className={logStyles.label}>{isField(key) ? t(`admin:log.fields.${key}`) : key}:</dt>
            <dd className={stacked ? `${logStyles.values} ${logStyles.stacked}` : logStyles.values}>
              {was !== null && <span title={t('admin:log.before')}>{was}</span>}
              {was !== null && is !== null && ' → '}
              {is !== null && (
                <span className={logStyles.after} title={t('admin:log.after')}>
                  {marked ? <MarkedText before={was} after={is} /> : is}
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** /admin/log (superuser): who changed what, with before and after, newest first. */
export function AuditLog() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  // Rooms are named, not numbered ("Номер: Мансарда → Семейный"): fetched only when an entry names one.
  const namesRooms = entries.some((entry) =>
    [entry.before, entry.after].some((side) => typeof side?.room_id === 'number' || (Array.isArray(side?.room_ids) && side.room_ids.length > 0)),
  );
  const rooms = useQuery({ ...adminRoomsQuery, enabled: namesRooms });
  const names = new Map(rooms.data?.map((room) => [room.id, textIn(room.name, language)]));
  const readers: Readers = { t, language, roomName: (id) => names.get(id) };

  if (log.isPending) return <Spinner />;
  if (log.isError) return <p className={styles.error}>{t('admin:loadError')}</p>;
  if (entries.length === 0) return <p className={styles.empty}>{t('admin:log.empty')}</p>;
  return (
    <>
      <ul className={styles.list} data-testid="audit-log">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.row} data-testid="audit-entry">
            <div className={styles.rowMain}>
              <span className={styles.rowTitle}>
                {t(`admin:log.actions.${entry.action.replace('.', '_')}`)} · {targetLabel(entry, readers)}
              </span>
              <span className={styles.rowSub}>
                {formatMoment(entry.at, language)} · {entry.actor.email}
              </span>
              <Change entry={entry} readers={readers} />
            </div>
          </li>
        ))}
      </ul>
      {log.hasNextPage && (
        <p>
          <Button variant="outline" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            {t('admin:log.more')}
          </Button>
        </p>
      )}
    </>
  );
}
