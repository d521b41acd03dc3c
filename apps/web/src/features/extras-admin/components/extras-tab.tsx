import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { textIn, type AdminExtra } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { adminRoomsQuery } from '../../../shared/admin/admin-rooms';
import { AdminIcon } from '../../../shared/admin/icons';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button, Modal, Spinner } from '../../../shared/ui';
import { useAdminExtras } from '../api/extras';
import { ExtraForm } from './extra-form';
import styles from '../../../shared/admin/admin.module.css';
import own from './extras-tab.module.css';

/** The Extras tab of /admin/hotel (decision 044): cards with picture, name, price and how it counts; add; edit; deactivate. */
export function ExtrasTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const extras = useAdminExtras();
  const rooms = useQuery(adminRoomsQuery);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [shown, setShown] = useState<number | 'new' | null>(null);
  if (editing !== null && editing !== shown) setShown(editing);
  const current = typeof shown === 'number' ? extras.data?.find((extra) => extra.id === shown) : undefined;

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.status}>{extras.isFetching && <Spinner size="sm" />}</p>
        <Button onClick={() => setEditing('new')} data-testid="add-extra">
          <AdminIcon name="plus" size={18} /> {t('admin:extras.add')}
        </Button>
      </div>
      {extras.isError && <p className={styles.error}>{t('admin:extras.loadError')}</p>}
      {extras.data && extras.data.length === 0 && <p className={styles.empty}>{t('admin:extras.empty')}</p>}
      {extras.data && extras.data.length > 0 && (
        <ul className={styles.grid} data-testid="admin-extras">
          {extras.data.map((extra) => (
            <li key={extra.id}>
              <ExtraCard extra={extra} language={language} roomCount={rooms.data?.length} onOpen={() => setEditing(extra.id)} />
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={shown === 'new' ? t('admin:extras.addTitle') : t('admin:extras.editTitle')}
        size="large"
      >
        {rooms.data && shown === 'new' && <ExtraForm key="new" rooms={rooms.data} onDone={() => setEditing(null)} />}
        {rooms.data && current && <ExtraForm key={current.id} extra={current} rooms={rooms.data} onDone={() => setEditing(null)} />}
        {!rooms.data && <Spinner />}
      </Modal>
    </div>
  );
}

function ExtraCard({ extra, language, roomCount, onOpen }: { extra: AdminExtra; language: 'ru' | 'en'; roomCount: number | undefined; onOpen: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <button type="button" className={`${styles.card} ${extra.active ? '' : styles.cardMuted}`} onClick={onOpen} data-testid="admin-extra-card">
      {extra.image ? (
        <ResponsiveImage
          image={extra.image}
          sizes="(min-width: 1100px) 280px, (min-width: 768px) 40vw, 90vw"
          className={`${styles.cardImage} ${extra.image.widths.length === 0 ? own.icon : ''}`}
        />
      ) : (
        <span className={styles.placeholder}>
          <AdminIcon name="image" size={32} />
        </span>
      )}
      <span className={styles.cardBody}>
        <span className={styles.meta}>
          <span>{extra.room_ids === null ? t('admin:extras.everyRoom') : t('admin:extras.someRooms', { count: extra.room_ids.length, total: roomCount ?? '…' })}</span>
          {!extra.active && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('admin:extras.inactive')}</span>}
          {!extra.name.en && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('admin:language.noEnglish')}</span>}
        </span>
        <span className={styles.cardTitle}>{textIn(extra.name, language)}</span>
        <span className={styles.cardText}>{textIn(extra.description, language)}</span>
        <span className={styles.prices}>{t(`admin:extras.countsPrice.${extra.counts}`, { price: formatMoney(extra.price, language, t('common:currency')) })}</span>
      </span>
    </button>
  );
}
