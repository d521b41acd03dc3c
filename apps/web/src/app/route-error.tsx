import { useEffect, useState } from 'react';
import { useTranslation } from '../shared/i18n';
import { buttonClassName } from '../shared/ui';
import { reloadPage } from '../shared/api/leave-for';
import { isMissingChunk, reloadForNewBuild, type MissingChunkOutcome } from './new-build';
import styles from './route-error.module.css';

/** `checking`: asking the server whether a missing chunk is a new build; `error`: any other error. */
type Shown = MissingChunkOutcome | 'checking' | 'error';

/**
 * What a screen that cannot be drawn shows instead of React Router's screen for developers: a page
 * in the visitor's language with a way on. A chunk the server no longer has (a deployment since the
 * page was loaded) loads the page again at once; a lost connection says so. It lives in the first
 * visit's code, since a chunk of its own could be the one missing.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const missingChunk = isMissingChunk(error);
  const [shown, setShown] = useState<Shown>(missingChunk ? 'checking' : 'error');

  useEffect(() => {
    // The cause in the console, for whoever looks into a report.
    if (!missingChunk) return void console.error(error);
    let live = true;
    void reloadForNewBuild().then((outcome) => {
      if (!live) return;
      setShown(outcome);
      if (outcome !== 'reloading') console.error(error);
    });
    return () => {
      live = false;
    };
  }, [error, missingChunk]);

  // Nothing drawn while the server is asked, or while the page loads again.
  const view = missingChunk ? shown : 'error';
  if (view === 'checking' || view === 'reloading') return null;
  return (
    <main className={styles.page} data-testid="route-error">
      <p className={styles.brand}>{t('brand')}</p>
      <h1 className={styles.title}>{t('error.page.title')}</h1>
      <p className={styles.text}>{view === 'offline' ? t('error.network') : t('error.page.text')}</p>
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
