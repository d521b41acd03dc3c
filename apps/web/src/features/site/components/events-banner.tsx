/** The home page's invitation to the events page (PUB-06). */
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { Ornament } from './illustrations';
import styles from './events-banner.module.css';
import { paths } from '../../../shared/paths';

export function EventsBanner() {
  const { t } = useTranslation('about');
  return (
    <section className={styles.banner} aria-labelledby="events-banner-title" data-testid="events-banner">
      <svg className={styles.arches} viewBox="0 0 600 300" aria-hidden="true" focusable="false" preserveAspectRatio="xMaxYMax meet">
        <g fill="none" stroke="currentColor" strokeWidth="1.4">
          <path d="M40 300V150a80 80 0 0 1 160 0v150M60 300V150a60 60 0 0 1 120 0v150" />
          <path d="M220 300V110a100 100 0 0 1 200 0v190M240 300V110a80 80 0 0 1 160 0v190" />
          <path d="M440 300V150a80 80 0 0 1 160 0v150M460 300V150a60 60 0 0 1 120 0v150" />
        </g>
        <g fill="currentColor">
          <circle cx="320" cy="70" r="3" /><circle cx="120" cy="110" r="2" /><circle cx="520" cy="110" r="2" />
        </g>
      </svg>
      <div className={styles.content}>
        <p className={styles.eyebrow}>{t('events.eyebrow')}</p>
        <h2 id="events-banner-title" className={styles.title}>
          {t('events.title')}
        </h2>
        <Ornament className={styles.ornament} />
        <p className={styles.text}>{t('events.text')}</p>
        <Link to={paths.events} className={styles.link}>
          {t('events.link')}
        </Link>
      </div>
    </section>
  );
}
