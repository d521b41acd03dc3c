import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@hotel/domain';
import { formatByn } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Spinner } from '../../../shared/ui';
import { useAuditLog } from '../api/audit-log';
import styles from './admin.module.css';

/** A value of the log, readable: texts in both languages, prices in roubles. */
function show(key: string, value: unknown, language: 'ru' | 'en'): string {
  if (value === null || value === undefined) return '—';
  if ((key === 'price' || key === 'extra_price') && typeof value === 'number') return `${formatByn(value, language)} BYN`;
  if (typeof value === 'object' && value && 'ru' in value && 'en' in value) {
    const text = value as { ru: string; en: string };
    return text.en ? `${text.ru} / ${text.en}` : text.ru;
  }
  if (Array.isArray(value)) return value.join(', ') || '—';
  return String(value);
}

function Change({ entry, language }: { entry: AuditEntry; language: 'ru' | 'en' }) {
  const { t } = useTranslation('admin');
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <dl className={`${styles.rowSub} ${styles.change}`}>
      {keys.map((key) => (
        <div key={key}>
          <dt className={styles.changeKey}>{key}: </dt>
          <dd className={styles.changeValue}>
            {entry.before && <span title={t('admin:log.before')}>{show(key, entry.before[key], language)}</span>}
            {entry.before && entry.after && ' → '}
            {entry.after && <span title={t('admin:log.after')}>{show(key, entry.after[key], language)}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/log (superuser): who changed what, with before and after, newest first. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const time = new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Minsk' });

  if (log.isPending) return <Spinner />;
  if (log.isError) return <p className={styles.error}>{t('admin:loadError')}</p>;
  if (entries.length === 0) return <p className={styles.empty}>{t('admin:log.empty')}</p>;
  return (
    <>
      <ul className={styles.list} data-testid="audit-log">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.row}>
            <span className={styles.rowMain}>
              <span className={styles.rowTitle}>
                {t(`admin:log.actions.${entry.action.replace('.', '_')}`)} · {entry.target}
              </span>
              <span className={styles.rowSub}>
                {time.format(new Date(entry.at))} · {entry.actor.email}
              </span>
              <Change entry={entry} language={language} />
            </span>
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
