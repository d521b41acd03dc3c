import { Outlet } from 'react-router';
import { useTranslation } from '../shared/i18n';
import { Footer } from '../shared/layout/footer';
import { HydrateLater, HydrationBoundary } from '../shared/hydration/hydrate-later';
import { Header } from '../shared/layout/header';
import { Spinner } from '../shared/ui';
import styles from './public-layout.module.css';

export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <HydrateLater>
        <Header />
      </HydrateLater>
      <main id="main" className={styles.main}>
        <HydrationBoundary
          fallback={
            <div className={styles.pending}>
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </HydrationBoundary>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </div>
  );
}
