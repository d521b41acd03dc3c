/** /admin/reservations: the reservations board (issue 11; docs/decisions/018-reservations-board.md), each stay with its bill (issue 45). */
import { useTranslation } from '../../shared/i18n';
import { FolioPanel } from '../../features/folio/components/folio-panel';
import { ReservationsBoard } from '../../features/reservations-board/components/reservations-board';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation(['reservations-board', 'folio']);
  usePageTitle(t('reservations-board:title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('reservations-board:title')}</h1>
          <p className={styles.lead}>{t('reservations-board:lead')}</p>
        </div>
      </header>
      <ReservationsBoard stayExtra={(id) => <FolioPanel reservationId={id} />} />
    </>
  );
}
