import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { buttonClassName } from '../shared/ui';
import { reloadPage } from '../shared/api/leave-for';
import { isMissingChunk, reloadForNewBuild } from './new-build';
import styles from './route-error.module.css';

/**
 * What a screen that cannot be drawn shows instead of React Router's screen for developers: a page
 * in the visitor's language with a way on. A chunk the server no longer has (a deployment since the
 * page was loaded) loads the page again at once. It lives in the first visit's code, since a chunk
 * of its own could be the one missing.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const missingChunk = isMissingChunk(error);
  // Drawn once with the error's cause in the console, for whoever looks into a report.
  useEffect(() => {
    if (!(missingChunk && reloadForNewBuild())) console.error(error);
  }, [error, missingChunk]);

  return (
    <main className={styles.page} data-testid="route-error">
      <p className={styles.brand}>{t('brand')}</p>
      <h1 className={styles.title}>{t('error.page.title')}</h1>
      <p className={styles.text}>{t('error.page.text')}</p>
      <div className={styles.actions}>
        <button type="button" className={buttonClassName({})} onClick={reloadPage}>
          {t('error.page.reload')}
        </button>
        {/* A full load, not the router: the app that failed starts afresh. */}
        <a className={buttonClassName({ variant: 'outline' })} href="/">
          {t('error.page.home')}
        </a>
      </div>
    </main>
  );
}
