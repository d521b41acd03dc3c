import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { Reservation } from '@hotel/domain';
import { ButtonLink, Skeleton } from '../../../shared/ui';
import { useReservations } from '../api/get-reservations';
import { splitReservations } from '../lib/status';
import { ReservationCard } from './reservation-card';
import { ReservationDetails } from './reservation-details';
import styles from './reservations.module.css';
import { paths } from '../../../shared/paths';

/** /account/reservations: Active and Completed-and-cancelled tabs (ACC-21..25), details with cancellation. */
export function ReservationList({ userName }: { userName: string }) {
  const { t } = useTranslation('hotel');
  const reservations = useReservations();
  const [openId, setOpenId] = useState<number | null>(null);
  const [tab, setTab] = useState('active');

  if (reservations.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={150} radius="lg" />
        ))}
      </div>
    );
  }
  if (reservations.isError) {
    const error = reservations.error;
    return (
      <p className={styles.error} role="alert">
        {error instanceof Error && error.message
          ? t('hotel:reservations.error', { message: error.message })
          : t('hotel:errors.fetchReservations')}
      </p>
    );
  }

  const { active, completed, cancelled } = splitReservations(reservations.data);
  const open = reservations.data.find((r) => r.id === openId) ?? null;
  const cards = (items: Reservation[], testId?: string) => (
    <ul className={styles.list} data-testid={testId}>
      {items.map((reservation) => (
        <li key={reservation.id}>
          <ReservationCard reservation={reservation} onOpen={(r) => setOpenId(r.id)} />
        </li>
      ))}
    </ul>
  );
  const list = (items: Reservation[], empty: string) =>
    items.length === 0 ? (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{empty}</p>
        <p className={styles.muted}>{t('hotel:reservations.emptyHint')}</p>
        <ButtonLink to={paths.hotel.root} variant="primary">
          {t('hotel:reservations.book')}
        </ButtonLink>
      </div>
    ) : (
      cards(items)
    );

  return (
    <>
      <Tabs.Root value={tab} onValueChange={setTab} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label={t('hotel:reservations.title')}>
          <Tabs.Trigger value="active" className={styles.tab}>
            {t('hotel:reservations.tabs.active')} <span className={styles.tabCount}>{active.length}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="completed" className={styles.tab}>
            {t('hotel:reservations.tabs.completed')} <span className={styles.tabCount}>{completed.length + cancelled.length}</span>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="active" className={styles.tabPanel}>
          {list(active, t('hotel:reservations.emptyActive'))}
        </Tabs.Content>
        <Tabs.Content value="completed" className={styles.tabPanel}>
          {cancelled.length === 0 ? (
            list(completed, t('hotel:reservations.emptyCompleted'))
          ) : (
            <>
              {completed.length > 0 && (
                <section aria-labelledby="reservations-completed">
                  <h2 id="reservations-completed" className={styles.groupTitle}>
                    {t('hotel:reservations.groups.completed')}
                  </h2>
                  {cards(completed, 'reservations-completed')}
                </section>
              )}
              <section aria-labelledby="reservations-cancelled">
                <h2 id="reservations-cancelled" className={styles.groupTitle}>
                  {t('hotel:reservations.groups.cancelled')}
                </h2>
                {cards(cancelled, 'reservations-cancelled')}
              </section>
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <ReservationDetails reservation={open} userName={userName} onClose={() => setOpenId(null)} />
    </>
  );
}
