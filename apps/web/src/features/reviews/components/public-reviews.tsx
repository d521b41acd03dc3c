/**
 * The approved reviews of stays (/hotel) or of orders (/delivery), newest first, each with the
 * owner's answer. Drawn on the server with the page (apps/api/src/modules/reviews/page-data.ts);
 * texts are shown as written, in their own language (`lang`), and never as HTML.
 */
import { useTranslation } from '../../../shared/i18n';
import { HOTEL_TIME_ZONE, type Language, type PublicReview, type ReviewKind } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Skeleton } from '../../../shared/ui';
import { usePublicReviews } from '../api/public-reviews';
import { Stars } from './stars';
import styles from './reviews.module.css';

const dateFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};
/** "26 ноября 2026" / "26 November 2026", on the hotel's calendar (the same on the server and in the browser). */
function reviewDate(iso: string, language: Language): string {
  dateFormats[language] ??= new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: HOTEL_TIME_ZONE });
  return dateFormats[language].format(new Date(iso));
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t } = useTranslation('reviews');
  const { language } = useLanguage();
  return (
    <li className={styles.item} data-testid="public-review">
      <article lang={review.language}>
        <header className={styles.itemHead}>
          <Stars value={review.stars} label={t('reviews:stars', { count: review.stars })} />
          <span className={styles.author}>{review.author ?? t('reviews:anonymous')}</span>
          <time className={styles.date} dateTime={review.created_at}>
            {reviewDate(review.created_at, language)}
          </time>
        </header>
        <p className={styles.text}>{review.text}</p>
        {review.answer && (
          <div className={styles.answer}>
            <p className={styles.answerTitle}>{t('reviews:answer')}</p>
            <p className={styles.text}>{review.answer}</p>
          </div>
        )}
      </article>
    </li>
  );
}

export function PublicReviews({ kind, headingId }: { kind: ReviewKind; headingId: string }) {
  const { t } = useTranslation('reviews');
  const reviews = usePublicReviews(kind);
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId} data-testid={`reviews-${kind}`}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t(`reviews:title.${kind}`)}
        </h2>
        {reviews.data && reviews.data.count > 0 && reviews.data.average !== null && (
          <p className={styles.summary} data-testid="reviews-summary">
            <Stars value={reviews.data.average} label={t('reviews:average', { value: reviews.data.average })} />
            <span className={styles.average}>{reviews.data.average.toFixed(1)}</span>
            <span className={styles.count}>{t('reviews:count', { count: reviews.data.count })}</span>
          </p>
        )}
      </div>
      {reviews.isPending ? (
        <div className={styles.list} aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : reviews.isError ? (
        <p className={styles.empty}>{t('reviews:loadError')}</p>
      ) : reviews.data.reviews.length === 0 ? (
        <p className={styles.empty}>{t('reviews:empty')}</p>
      ) : (
        <ul className={styles.list}>
          {reviews.data.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </section>
  );
}
