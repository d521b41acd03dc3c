/**
 * /admin/hotel: Rooms, Amenities, the rate calendar (ADM-10; issue 23) and the extras with the stay
 * (decision 044); `?tab=rates` opens the calendar, `?tab=extras` the extras.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useSearchParams } from 'react-router';
import { ExtrasTab } from '../../features/extras-admin/components/extras-tab';
import { RateCalendar } from '../../features/rate-calendar/components/rate-calendar';
import { AmenitiesTab } from '../../features/rooms-admin/components/amenities-tab';
import { RoomsTab } from '../../features/rooms-admin/components/rooms-tab';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:hotel.title'));
  const [params, setParams] = useSearchParams();
  const tab = ['rooms', 'amenities', 'rates', 'extras'].includes(params.get('tab') ?? '') ? params.get('tab')! : 'rooms';
  // On a phone the tabs scroll sideways: the open one is brought into view (`?tab=extras` is the last).
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = tabList.current?.querySelector<HTMLElement>('[data-state="active"]');
    if (active && tabList.current) tabList.current.scrollLeft = active.offsetLeft - tabList.current.offsetLeft - 4;
  }, [tab]);
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:hotel.title')}</h1>
          <p className={styles.lead}>{t('admin:hotel.lead')}</p>
        </div>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <Tabs.List ref={tabList} className={styles.tabList} aria-label={t('admin:hotel.title')}>
          <Tabs.Trigger value="rooms" className={styles.tab}>
            {t('admin:hotel.rooms')}
          </Tabs.Trigger>
          <Tabs.Trigger value="amenities" className={styles.tab}>
            {t('admin:hotel.amenities')}
          </Tabs.Trigger>
          <Tabs.Trigger value="rates" className={styles.tab} data-testid="rates-tab">
            {t('admin:hotel.rates')}
          </Tabs.Trigger>
          <Tabs.Trigger value="extras" className={styles.tab} data-testid="extras-tab">
            {t('admin:hotel.extras')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rooms">
          <RoomsTab />
        </Tabs.Content>
        <Tabs.Content value="amenities">
          <AmenitiesTab />
        </Tabs.Content>
        <Tabs.Content value="rates">
          <RateCalendar />
        </Tabs.Content>
        <Tabs.Content value="extras">
          <ExtrasTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
