/** /admin/log: the audit log, for the superuser; other administrators go to /admin/hotel. */
import { Navigate } from 'react-router';
import { useTranslation } from '../../shared/i18n';
import { AuditLog } from '../../features/change-log/components/audit-log';
import styles from '../../shared/admin/admin.module.css';
import { useSession } from '../../shared/session/session-store';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('admin');
  const user = useSession((s) => s.user);
  usePageTitle(t('admin:log.title'));
  if (user?.role !== 'superuser') return <Navigate to={paths.admin.hotel} replace />;
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:log.title')}</h1>
          <p className={styles.lead}>{t('admin:log.lead')}</p>
        </div>
      </header>
      <AuditLog />
    </>
  );
}
