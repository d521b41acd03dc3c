import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localizedTextSchema, textIn, type AuditEntry, type Language, type LocalizedText } from '@hotel/domain';
import { formatMoment, formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Spinner } from '../../../shared/ui';
import { useAuditLog } from '../api/audit-log';
import styles from './admin.module.css';
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
  room_id: 'plain',
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
  room_ids: 'plain',
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
} as const;
type Field = keyof typeof FIELDS;
const KNOWN = Object.keys(FIELDS);
const isField = (key: string): key is Field => Object.hasOwn(FIELDS, key);

interface Readers {
  t: TFunction<['admin', 'common']>;
  language: Language;
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
  if (kind === 'time' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatMoment(value, language, { hotelTime: true });
  if (kind === 'number' && typeof value === 'number') return t('admin:log.values.number', { id: value });
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

function Change({ entry, readers }: { entry: AuditEntry; readers: Readers }) {
  const { t } = readers;
  const keys = changedKeys(entry);
  if (keys.length === 0) return null;
  return (
    <dl className={logStyles.change}>
      {keys.map((key) => {
        const was = entry.before && show(key, entry.before[key], readers);
        const is = entry.after && show(key, entry.after[key], readers);
        const stacked = (was?.length ?? 0) + (is?.length ?? 0) > STACKED_LENGTH;
        return (
          <div key={key} className={logStyles.field} data-testid="audit-field">
            <dt className={logStyles.label}>{isField(key) ? t(`admin:log.fields.${key}`) : key}:</dt>
            <dd className={stacked ? `${logStyles.values} ${logStyles.stacked}` : logStyles.values}>
              {was !== null && <span title={t('admin:log.before')}>{was}</span>}
              {was !== null && is !== null && ' → '}
              {is !== null && (
                <span className={logStyles.after} title={t('admin:log.after')}>
                  {is}
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
  const readers: Readers = { t, language };

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
                {formatMoment(entry.at, language, { hotelTime: true })} · {entry.actor.email}
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
