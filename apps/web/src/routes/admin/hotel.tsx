/** /admin/hotel: Rooms and Amenities tabs (ADM-10). */
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { AmenitiesTab } from '../../features/rooms-admin/components/amenities-tab';
import { RoomsTab } from '../../features/rooms-admin/components/rooms-tab';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:hotel.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:hotel.title')}</h1>
          <p className={styles.lead}>{t('admin:hotel.lead')}</p>
        </div>
      </header>
      <Tabs.Root defaultValue="rooms">
        <Tabs.List className={styles.tabList} aria-label={t('admin:hotel.title')}>
          <Tabs.Trigger value="rooms" className={styles.tab}>
            {t('admin:hotel.rooms')}
          </Tabs.Trigger>
          <Tabs.Trigger value="amenities" className={styles.tab}>
            {t('admin:hotel.amenities')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="rooms">
          <RoomsTab />
        </Tabs.Content>
        <Tabs.Content value="amenities">
          <AmenitiesTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
