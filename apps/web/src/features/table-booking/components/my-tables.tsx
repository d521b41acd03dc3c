/** The signed-in guest's tables at the restaurant, in the account beside stays and orders; a table not begun may be cancelled. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import type { TableReservation } from '@hotel/domain';
import { paths } from '../../../shared/paths';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Skeleton } from '../../../shared/ui';
import { useCancelTable, useMyTables } from '../api/tables';
import { tableErrorKey } from '../lib/details';
import styles from './table-booking.module.css';

export function MyTables() {
  const { t } = useTranslation(['restaurant', 'common']);
  const tables = useMyTables();
  return (
    <section className={styles.section} aria-labelledby="my-tables-title" data-testid="my-tables">
      <h2 id="my-tables-title" className={styles.sectionTitle}>
        {t('restaurant:tables.mine.title')}
      </h2>
      {tables.isPending ? (
        <Skeleton height={72} />
      ) : tables.isError ? (
        <p className={styles.errorText} role="alert">
          {t('restaurant:tables.mine.error')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void tables.refetch()}>
            {t('restaurant:tables.retry')}
          </button>
        </p>
      ) : tables.data.length === 0 ? (
        <p className={styles.hint}>
          {t('restaurant:tables.mine.empty')} <Link to={paths.restaurantBook}>{t('restaurant:tables.mine.book')}</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {tables.data.map((table) => (
            <li key={table.id}>
              <TableCard table={table} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TableCard({ table }: { table: TableReservation }) {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const cancel = useCancelTable();
  const [asking, setAsking] = useState(false);
  const headingId = `table-${table.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="table-card">
      <div>
        <h3 id={headingId} className={styles.cardTitle}>
          {t('restaurant:tables.mine.when', { date: formatStayDate(table.date, language), time: table.time })}
        </h3>
        <p className={styles.cardFacts}>
          <span className={styles.badge} data-status={table.status} data-testid="table-status">
            {t(`restaurant:tables.status.${table.status}`)}
          </span>
          {t('restaurant:tables.mine.party', { count: table.party })} · {t('restaurant:tables.mine.number', { id: table.id })}
        </p>
      </div>
      {table.can_cancel &&
        (asking ? (
          <div className={styles.confirmRow}>
            <span>{t('restaurant:tables.mine.confirmCancel')}</span>
            <Button size="sm" variant="primary" loading={cancel.isPending} onClick={() => cancel.mutate(table.id, { onSettled: () => setAsking(false) })}>
              {t('restaurant:tables.mine.yes')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
              {t('restaurant:tables.mine.no')}
            </Button>
          </div>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setAsking(true)} aria-describedby={headingId}>
            {t('restaurant:tables.mine.cancel')}
          </Button>
        ))}
      {cancel.isError && (
        <p className={styles.errorText} role="alert">
          {t(tableErrorKey(cancel.error))}
        </p>
      )}
    </article>
  );
}
