/**
 * The page the letter to an unconfirmed address links to (docs/decisions/048-table-confirmation.md):
 * it sends the secret from the address's fragment once, and says what came of it: the table
 * confirmed (the full letter follows), a link that does not work, a table cancelled or gone, or
 * seats taken meanwhile because the hold ran out.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { TABLE_DETAILS } from '@hotel/domain';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button } from '../../../shared/ui';
import { useConfirmTableEmail } from '../api/tables';
import styles from './table-booking.module.css';

/** The translation key of why the link did not confirm the table. */
function refusalKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404 || error.status === 422) return 'restaurant:tables.confirm.invalid';
    if (error.status === 409) return error.detail === TABLE_DETAILS.full ? 'restaurant:tables.confirm.full' : 'restaurant:tables.confirm.gone';
  }
  return 'restaurant:tables.confirm.error';
}

export function TableEmailConfirmation({ token }: { token: string }) {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const confirm = useConfirmTableEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: the effect runs twice in development, and the answer would only repeat.
    if (sent.current) return;
    sent.current = true;
    if (token) confirm.mutate(token);
  }, [confirm, token]);

  if (!token) {
    return (
      <p className={styles.errorText} role="alert" data-testid="table-confirm-result">
        {t('restaurant:tables.confirm.invalid')}
      </p>
    );
  }
  if (confirm.isSuccess) {
    const table = confirm.data;
    return (
      <div className={styles.done} role="status" data-testid="table-confirm-result">
        <h2 className={styles.doneTitle}>{t('restaurant:tables.confirm.done')}</h2>
        <p>{t('restaurant:tables.confirm.doneText', { date: formatStayDate(table.date, language), time: table.time, count: table.party })}</p>
      </div>
    );
  }
  if (confirm.isError) {
    const key = refusalKey(confirm.error);
    return (
      <div className={styles.failure} role="alert" data-testid="table-confirm-result">
        <p>{t(key)}</p>
        <p className={styles.banquetActions}>
          {key === 'restaurant:tables.confirm.error' ? (
            <Button type="button" size="sm" variant="outline" onClick={() => confirm.mutate(token)}>
              {t('restaurant:tables.confirm.retry')}
            </Button>
          ) : (
            <Link to={paths.restaurantBook}>{t('restaurant:tables.confirm.book')}</Link>
          )}
        </p>
      </div>
    );
  }
  return (
    <p className={styles.hint} role="status" data-testid="table-confirm-working">
      {t('restaurant:tables.confirm.working')}
    </p>
  );
}
