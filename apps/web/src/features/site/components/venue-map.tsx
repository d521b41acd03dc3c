/**
 * Where the house is: a drawn plan of the old town with a pin and the address, always there, and
 * an OpenStreetMap map over it once the section scrolls into view and the first tiles arrive
 * (Leaflet is imported only then). Offline, or if the tiles are blocked, the plan stays.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A plan of the streets around the house, in the site's colours. The pin sits at the centre. */
function PlanDrawing({ labels }: { labels: { castle: string; river: string; square: string; street: string } }) {
  const blocks = [
    [40, 40, 150, 90], [210, 30, 120, 70], [350, 40, 110, 110], [490, 30, 160, 80], [670, 50, 120, 90],
    [40, 160, 120, 70], [420, 200, 90, 60], [560, 150, 110, 90], [690, 170, 100, 80],
    [40, 270, 90, 50], [560, 280, 120, 60], [700, 280, 90, 60],
  ];
  return (
    <svg viewBox="0 0 800 450" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" className={styles.drawing}>
      <rect width="800" height="450" fill="#f3eadd" />
      {/* Park by the castle. */}
      <path d="M150 250c40-30 110-20 150 10s30 90-30 100-150 0-150-50 0-40 30-60z" fill="#d9e3c8" />
      {/* The Neman. */}
      <path d="M-20 380C120 330 220 420 380 400S640 330 820 380V470H-20z" fill="#bfd6df" />
      <path d="M-20 380C120 330 220 420 380 400S640 330 820 380" fill="none" stroke="#9cbccb" strokeWidth="3" />
      {blocks.map(([x, y, w, h]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="6" fill="#e6d8c4" stroke="#dccab2" />
      ))}
      {/* Streets: the main one runs through the centre, where the pin is. */}
      <g fill="none" stroke="#fffdf9" strokeLinecap="round">
        <path d="M-10 140C200 150 320 170 400 225S600 300 810 260" strokeWidth="22" />
        <path d="M400 225L380 -10" strokeWidth="16" />
        <path d="M400 225L520 470" strokeWidth="14" />
        <path d="M180 -10L200 460" strokeWidth="12" />
        <path d="M540 -10L560 300" strokeWidth="12" />
      </g>
      <g fill="none" stroke="#e2d3bd" strokeWidth="1">
        <path d="M-10 129C200 139 320 159 400 214S600 289 810 249M-10 151C200 161 320 181 400 236S600 311 810 271" />
      </g>
      {/* The Old Castle. */}
      <g transform="translate(205 275)" fill="#c9a983" stroke="#8a6445" strokeWidth="2">
        <rect x="0" y="14" width="56" height="34" rx="2" />
        <rect x="-6" y="4" width="16" height="44" />
        <rect x="46" y="4" width="16" height="44" />
        <path d="M-6 4h4v-4h4v4h4v-4h4v4M46 4h4v-4h4v4h4v-4h4v4" fill="none" />
        <path d="M22 48v-14a6 6 0 0 1 12 0v14" fill="#8a6445" />
      </g>
      <g fontFamily="Inter, system-ui, sans-serif" fontSize="15" fill="#6a5a4c" fontWeight="500">
        <text x="268" y="350" textAnchor="middle">{labels.castle}</text>
        <text x="640" y="410" fontStyle="italic" fill="#4f7686">{labels.river}</text>
        <text x="600" y="132" textAnchor="middle">{labels.square}</text>
        <text x="86" y="130" transform="rotate(2 86 130)">{labels.street}</text>
      </g>
    </svg>
  );
}
