/**
 * Where the house is: a drawn plan of the old town with a pin and the address, always there, and
 * an OpenStreetMap map over it when the guest asks for it (decision 077): until then the page
 * loads neither Leaflet nor a tile, and tells OpenStreetMap nothing about the visit. If the tiles
 * do not come (offline, blocked), the plan stays and says so, and the guest may try again.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { mapLinks, venue } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './venue-map.module.css';

/** The plan alone; the map asked for and on its way; the map shown; the map that did not come. */
type MapState = 'plan' | 'loading' | 'shown' | 'failed';

export function VenueMap() {
  const { t } = useTranslation('about');
  const { language } = useLanguage();
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('plan');
  // Each request for the map is one attempt; a new one (another try, another language) replaces it.
  const [attempt, setAttempt] = useState(0);
  const address = `${venue.address.street[language]}, ${venue.address.city[language]}`;
  const links = mapLinks(language);

  useEffect(() => {
    if (attempt === 0) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    import('./leaflet-map')
      .then(({ mountMap }) => {
        if (cancelled || !canvas.current) return;
        unmount = mountMap(canvas.current, {
          ...venue.coordinates,
          label: venue.name[language],
          zoomIn: t('contacts.zoomIn'),
          zoomOut: t('contacts.zoomOut'),
          onTiles: () => !cancelled && setState('shown'),
          onTilesFailed: () => !cancelled && setState('failed'),
        });
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [attempt, language, t]);

  useEffect(() => {
    // The button that asked is gone: the map, which pans and zooms from the keyboard, takes the focus.
    if (state === 'shown') canvas.current?.focus({ preventScroll: true });
  }, [state]);

  const ask = () => {
    setState('loading');
    setAttempt((count) => count + 1);
  };

  return (
    <figure className={styles.figure} data-testid="venue-map" data-tiles={state === 'shown'} data-state={state}>
      <div className={styles.frame}>
        <div className={styles.plan} role="img" aria-label={t('contacts.map', { address })} data-testid="map-fallback">
          <PlanDrawing labels={{ castle: t('contacts.castle'), river: t('contacts.river'), square: t('contacts.square'), street: t('contacts.street') }} />
          <span className={styles.pin} aria-hidden="true">
            <span className={styles.pulse} />
          </span>
        </div>
        <div ref={canvas} className={styles.canvas} data-shown={state === 'shown'} aria-hidden={state !== 'shown'} />
        {state !== 'shown' && (
          <button type="button" className={styles.ask} onClick={ask} disabled={state === 'loading'} aria-describedby={state === 'failed' ? 'venue-map-failed' : undefined}>
            <MapIcon />
            {state === 'loading' ? t('contacts.mapLoading') : state === 'failed' ? t('contacts.mapRetry') : t('contacts.showMap')}
          </button>
        )}
        <figcaption className={styles.card}>
          <strong className={styles.cardName}>{venue.name[language]}</strong>
          <span>{address}</span>
        </figcaption>
      </div>
      <p className={styles.failed} id="venue-map-failed" role="status">
        {state === 'failed' ? t('contacts.mapFailed') : ''}
      </p>
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

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M3 6.5 9 4l6 2.5L21 4v13.5L15 20l-6-2.5L3 20z" />
      <path d="M9 4v13.5M15 6.5V20" />
    </svg>
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
