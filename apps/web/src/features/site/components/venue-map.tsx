/**
 * Where the house is: a drawn plan of the old town with a pin and the address, always there, and
 * an OpenStreetMap map over it once the section scrolls into view and the first tiles arrive
 * (Leaflet is imported only then). Offline, or if the tiles are blocked, the plan stays.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { mapLinks, venue } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './venue-map.module.css';

export function VenueMap() {
  const { t } = useTranslation('about');
  const { language } = useLanguage();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [tilesShown, setTilesShown] = useState(false);
  const address = `${venue.address.street[language]}, ${venue.address.city[language]}`;
  const links = mapLinks(language);

  useEffect(() => {
    const element = frame.current;
    if (!element || !('IntersectionObserver' in window)) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        import('./leaflet-map')
          .then(({ mountMap }) => {
            if (cancelled || !canvas.current) return;
            unmount = mountMap(canvas.current, {
              ...venue.coordinates,
              label: venue.name[language],
              zoomIn: t('contacts.zoomIn'),
              zoomOut: t('contacts.zoomOut'),
              onTiles: () => !cancelled && setTilesShown(true),
            });
          })
          .catch(() => {
            // The chunk could not load (offline): the drawn plan stays.
          });
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      unmount?.();
    };
  }, [language, t]);

  return (
    <figure className={styles.figure} data-testid="venue-map" data-tiles={tilesShown}>
      <div ref={frame} className={styles.frame}>
        <div className={styles.plan} role="img" aria-label={t('contacts.map', { address })} data-testid="map-fallback">
          <PlanDrawing labels={{ castle: t('contacts.castle'), river: t('contacts.river'), square: t('contacts.square'), street: t('contacts.street') }} />
          <span className={styles.pin} aria-hidden="true">
            <span className={styles.pulse} />
          </span>
        </div>
        <div ref={canvas} className={styles.canvas} data-shown={tilesShown} aria-hidden={!tilesShown} />
        <figcaption className={styles.card}>
          <strong className={styles.cardName}>{venue.name[language]}</strong>
          <span>{address}</span>
        </figcaption>
      </div>
      <div className={styles.links}>
        <span className={styles.linksLabel}>{t('contacts.openIn')}:</span>
        <a href={links.yandex} target="_blank" rel="noreferrer" className={styles.link}>
          {t('contacts.yandex')}
        </a>
        <a href={links.google} target="_blank" rel="noreferrer" className={styles.link}>
          {t('contacts.google')}
        </a>
      </div>
    </figure>
  );
}

/**
 * A plan of the streets around the house, in the site's colours (a static picture,
 * public/illustrations/old-town-plan.svg: nothing to hydrate), with the names written over it in
 * the page's language. Both fill the frame the same way (centred, cropped), so the names stay on
 * their places. The pin sits at the centre.
 */
function PlanDrawing({ labels }: { labels: { castle: string; river: string; square: string; street: string } }) {
  return (
    <>
      <img src="/illustrations/old-town-plan.svg" alt="" className={styles.drawing} width={800} height={450} loading="lazy" decoding="async" />
      <svg viewBox="0 0 800 450" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" className={styles.labels}>
        <g style={{ fontFamily: 'var(--font-sans)' }} fontSize="15" fill="#6a5a4c" fontWeight="500">
          <text x="268" y="350" textAnchor="middle">{labels.castle}</text>
          <text x="640" y="410" fontStyle="italic" fill="#4f7686">{labels.river}</text>
          <text x="600" y="132" textAnchor="middle">{labels.square}</text>
          <text x="86" y="130" transform="rotate(2 86 130)">{labels.street}</text>
        </g>
      </svg>
    </>
  );
}
