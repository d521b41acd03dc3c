/** The admin screen a person's roles may not open (issue 49): said in words, with the way to one they may. */
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import styles from '../../../shared/admin/admin.module.css';
import { usePageTitle } from '../../../shared/seo/page-title';
import { useSession } from '../../../shared/session/session-store';
import { firstScreenOf } from '../first-screen';

export function NoAccess() {
  const { t } = useTranslation('admin');
  const user = useSession((s) => s.user);
  usePageTitle(t('admin:noAccess.title'));
  const home = firstScreenOf(user);
  return (
    <section data-testid="admin-no-access" role="alert">
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:noAccess.title')}</h1>
          <p className={styles.lead}>{t('admin:noAccess.lead')}</p>
        </div>
      </header>
      {home && <Link to={home.to}>{t('admin:noAccess.back', { screen: t(home.label) })}</Link>}
    </section>
  );
}
