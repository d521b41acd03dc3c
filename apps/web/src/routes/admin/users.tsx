/** /admin/users: staff and their roles (ADM-42..48; issue 49), the superuser's. */
import { useTranslation } from '../../shared/i18n';
import { Staff } from '../../features/staff/components/staff';
import styles from '../../shared/admin/admin.module.css';
import { useSession } from '../../shared/session/session-store';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('admin');
  const user = useSession((s) => s.user);
  usePageTitle(t('admin:users.title'));
  if (!user) return null;
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:users.title')}</h1>
          <p className={styles.lead}>{t('admin:users.lead')}</p>
        </div>
      </header>
      <Staff viewer={user} />
    </>
  );
}
