/**
 * `/hotel/rooms?checkIn&checkOut&guests`: the filter and the rooms free for that stay, to anyone
 * (HOT-14..17). A search that finds nothing shows the spec's toast and an empty state (ERR-21..23,
 * ERR-34). The server draws the page from its address with the results (apps/api's
 * modules/hotel/page-data.ts), so a search works before the app is live and without scripts: the
 * page once per language, and only its form and results (`RoomsSearchBody`, a server slot) for
 * each search (docs/decisions/063-search-page-in-parts.md).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import type { RateType, RoomVariant } from '@hotel/domain';
import { useVariants } from '../../features/hotel/api/get-variants';
import { StepIndicator } from '../../features/hotel/components/step-indicator';
import { VariantCard } from '../../features/hotel/components/variant-card';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { formatStayDate } from '../../shared/format/dates';
import { isNothingFound, refusalText, searchErrorKey } from '../../features/hotel/lib/search-errors';
import { useLanguage } from '../../shared/hooks/use-language';
import { checkRoomFilter, roomFilterFromSearch } from '../../shared/forms/room-filter-check';
import { RoomSearchForm } from '../../shared/forms/room-search-form';
import { PageMeta } from '../../shared/seo/page-meta';
import { ServerSlot } from '../../shared/ssr/server-slot';
import { ButtonLink, Skeleton, toast } from '../../shared/ui';
import styles from './hotel.module.css';
import { paths, roomsSearchFrom } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation(['hotel', 'common']);
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={t('hotel:results.metaTitle')} description={t('hotel:landing.lead')} path={paths.hotel.rooms} />
      <StepIndicator current="room" />
      <h1 className={styles.pageTitle}>{t('hotel:results.title')}</h1>
      <p className={styles.pageLead}>{t('hotel:results.lead')}</p>
      <ServerSlot>
        <RoomsSearchBody />
      </ServerSlot>
    </div>
  );
}

/** The part of the page its address decides: the form with the search's values, and the rooms free for it. */
export function RoomsSearchBody() {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = params.toString();
  const filter = useMemo(() => roomFilterFromSearch(new URLSearchParams(query)), [query]);
  const variants = useVariants(filter);
  const setFilter = useBookingDraft((s) => s.setFilter);
  const selectVariant = useBookingDraft((s) => s.selectVariant);

  useEffect(() => {
    if (filter) setFilter(filter);
  }, [filter, setFilter]);

  // One toast per failed search (ERR-21..23); the empty state stays on the page (ERR-34).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (variants.error && toasted.current !== variants.error) {
      toasted.current = variants.error;
      toast.error(refusalText(variants.error, t) ?? t(searchErrorKey(variants.error)));
    }
  }, [variants.error, t]);

  const book = (variant: RoomVariant, rate: RateType) => {
    if (!filter) return;
    selectVariant(filter, variant, rate);
    void navigate(paths.hotel.guests);
  };

  // An invalid address still fills in what it names, and the form says at once what is wrong
  // with it, as after a submit: the search was sent (before the app was live, or without scripts,
  // the server draws the same). A number of guests that is not a number starts afresh.
  const { arrival, departure, guests } = roomsSearchFrom(params);
  const initial = filter ?? { arrival, departure, ...(Number.isFinite(guests) ? { guests } : {}) };
  const checked = !filter && query !== '';

  return (
    <>
      <div className={styles.filterCard}>
        {/* Busy while a search has no answer yet; a search asked again in the background (the
            results the server drew, checked once the app is live) keeps the button as it was drawn. */}
        <RoomSearchForm key={query} idBase="room-search" initial={initial} loading={variants.isFetching && variants.data === undefined} checked={checked} check={checkRoomFilter} />
      </div>

      {!filter ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('hotel:results.chooseTitle')}</p>
          <p className={styles.emptyText}>{t('hotel:results.chooseText')}</p>
        </div>
      ) : variants.isPending ? (
        <ul className={styles.variants} aria-busy="true" aria-label={t('hotel:results.loading')}>
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton height={240} radius="lg" />
            </li>
          ))}
        </ul>
      ) : variants.isError || variants.data.length === 0 ? (
        // The server answers 404 when nothing fits, but an empty list means the same to the guest.
        <div className={styles.empty} data-testid="no-variants">
          <p className={styles.emptyTitle}>{t('hotel:results.emptyTitle')}</p>
          <p className={styles.emptyText}>
            {variants.isError && (
              // The `empty` form of a text, where there is one, leaves the advice to the sentence after it.
              <>{isNothingFound(variants.error) ? t(searchErrorKey(variants.error), { context: 'empty' }) : (refusalText(variants.error, t)?.replace(/\.$/, '') ?? t('hotel:errors.fetchVariants'))}. </>
            )}
            {t('hotel:results.emptyText')}
          </p>
          <ButtonLink to={paths.hotel.root} variant="outline" size="sm">
            {t('hotel:results.allRooms')}
          </ButtonLink>
        </div>
      ) : (
        <section aria-labelledby="results-title">
          <div className={styles.resultsHead}>
            <h2 id="results-title" className={styles.resultsTitle}>
              {t('hotel:results.found', { count: variants.data.length })}
            </h2>
            <p className={styles.resultsMeta}>
              {formatStayDate(filter.arrival, language)} — {formatStayDate(filter.departure, language)} ·{' '}
              {t('hotel:nights', { count: variants.data[0]?.nights ?? 1 })} · {t('hotel:guestsCount', { count: filter.guests })}
            </p>
          </div>
          <ul className={styles.variants}>
            {variants.data.map((variant, index) => (
              <li key={variant.room.id}>
                <VariantCard variant={variant} onBook={book} priority={index === 0} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
