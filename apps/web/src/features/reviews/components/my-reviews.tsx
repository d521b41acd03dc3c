/**
 * The account's reviews (/account/reviews): every finished stay and delivered order of the guest,
 * newest first, with their review and where it stands, or a button that opens the form. The
 * letter's link names one (`?kind=stay&id=42`): its form is open when the page comes up.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import type { Reviewable, ReviewKind } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Spinner } from '../../../shared/ui';
import { useMyReviewables } from '../api/my-reviews';
import { ReviewForm } from './review-form';
import { Stars } from './stars';
import styles from './my-reviews.module.css';

const keyOf = (kind: ReviewKind, id: number) => `${kind}-${id}`;

/** The stay or order the address names, if it names one. */
function asked(params: URLSearchParams): string | null {
  const kind = params.get('kind');
  const id = params.get('id');
  if ((kind !== 'stay' && kind !== 'order') || !id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return keyOf(kind, Number(id));
}

function Item({ item, open, onOpen, onClose }: { item: Reviewable; open: boolean; onOpen: () => void; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const title = item.kind === 'stay' ? t('account:reviews.stay', { room: item.room?.[language] ?? '' }) : t('account:reviews.order', { id: item.subject_id });
  const when =
    item.from === item.to
      ? formatStayDate(item.from, language)
      : t('account:reviews.dates', { from: formatStayDate(item.from, language), to: formatStayDate(item.to, language) });
  const titleId = `review-item-${keyOf(item.kind, item.subject_id)}`;
  return (
    <li className={styles.item} data-testid="reviewable" data-kind={item.kind} data-id={item.subject_id}>
      <section aria-labelledby={titleId}>
        <div className={styles.itemHead}>
          <div>
            <h2 id={titleId} className={styles.itemTitle}>
              {title}
            </h2>
            <p className={styles.itemSub}>{when}</p>
          </div>
          {!item.review && !open && (
            <Button size="sm" onClick={onOpen} data-testid="review-write">
              {t('account:reviews.write')}
            </Button>
          )}
        </div>
        {item.review ? (
          <div className={styles.own} lang={item.review.language} data-testid="own-review">
            <div className={styles.ownHead}>
              <Stars value={item.review.stars} label={t('account:reviews.star', { count: item.review.stars })} />
              <span className={styles.state} data-state={item.review.state} data-testid="own-review-state">
                {t(`account:reviews.states.${item.review.state}`)}
              </span>
            </div>
            <p className={styles.text}>{item.review.text}</p>
            {item.review.answer && (
              <div className={styles.answer}>
                <p className={styles.answerTitle}>{t('account:reviews.answer')}</p>
                <p className={styles.text}>{item.review.answer}</p>
              </div>
            )}
          </div>
        ) : (
          open && <ReviewForm kind={item.kind} subjectId={item.subject_id} onDone={onClose} />
        )}
      </section>
    </li>
  );
}

export function MyReviews() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const fromAddress = asked(params);
  // The form the address names is open until the guest closes it or opens another.
  const [open, setOpen] = useState<string | null>(fromAddress);
  const list = useMyReviewables();

  if (list.isPending) return <Spinner />;
  if (list.isError) return <p className={styles.error}>{serverDetail(list.error) ?? t('account:reviews.loadError')}</p>;
  const missing = fromAddress !== null && !list.data.some((item) => keyOf(item.kind, item.subject_id) === fromAddress);
  return (
    <>
      {missing && (
        <p className={styles.notice} role="status" data-testid="review-not-found">
          {t('account:reviews.notFound')}
        </p>
      )}
      {list.data.length === 0 ? (
        <p className={styles.empty}>{t('account:reviews.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {list.data.map((item) => {
            const key = keyOf(item.kind, item.subject_id);
            return <Item key={key} item={item} open={open === key} onOpen={() => setOpen(key)} onClose={() => setOpen(null)} />;
          })}
        </ul>
      )}
    </>
  );
}
