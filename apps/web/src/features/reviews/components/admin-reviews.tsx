/**
 * /admin/reviews: the guests' reviews, newest first, filtered by state and kind; each can be shown
 * on the site, hidden, or answered. Texts are shown as written, in their language (marked `lang`).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { REVIEW_ANSWER_MAX, REVIEW_KINDS, REVIEW_STATES, reviewModerationSchema, type AdminReview, type AdminReviewsQuery, type ReviewModeration } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { Form } from '../../../shared/forms/form';
import { formatMoment } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Select, Spinner, TextArea, toast } from '../../../shared/ui';
import { useAdminReviews, useModerateReview } from '../api/admin-reviews';
import { Stars } from './stars';
import admin from '../../../shared/admin/admin.module.css';
import styles from './admin-reviews.module.css';

function AnswerForm({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const moderate = useModerateReview();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Form
      className={styles.answerForm}
      noValidate={false}
      schema={reviewModerationSchema}
      options={{ defaultValues: { answer: review.answer ?? '' } }}
      onSubmit={({ answer }) => {
        setRefusal(null);
        moderate.mutate(
          { id: review.id, change: { answer } },
          {
            onSuccess: () => {
              toast.success(t('admin:reviews.answered'));
              onClose();
            },
            onError: (error) => setRefusal(serverDetail(error) ?? t('admin:reviews.failed')),
          },
        );
      }}
    >
      {(form, error) => (
        <>
          <TextArea
            label={t('admin:reviews.answerLabel')}
            hint={t('admin:reviews.answerHint', { max: REVIEW_ANSWER_MAX })}
            maxLength={REVIEW_ANSWER_MAX}
            error={refusal ?? error('answer')}
            {...form.register('answer')}
            data-testid="review-answer"
          />
          <div className={styles.actions}>
            <Button type="submit" size="sm" loading={moderate.isPending} data-testid="review-answer-save">
              {t('admin:reviews.saveAnswer')}
            </Button>
            <Button type="button" size="sm" variant="clearly" onClick={onClose}>
              {t('admin:confirm.back')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const { t } = useTranslation(['admin', 'reviews']);
  const { language } = useLanguage();
  const moderate = useModerateReview();
  const [answering, setAnswering] = useState(false);
  const change = (next: ReviewModeration, done: string) =>
    moderate.mutate({ id: review.id, change: next }, { onSuccess: () => toast.success(done), onError: (error) => toast.error(serverDetail(error) ?? t('admin:reviews.failed')) });
  return (
    <li className={styles.item} data-testid="admin-review" data-state={review.state}>
      <div className={styles.head}>
        <Stars value={review.stars} label={t('reviews:stars', { count: review.stars })} />
        <span className={styles.state} data-state={review.state}>
          {t(`admin:reviews.states.${review.state}`)}
        </span>
        <span className={styles.meta}>
          {t(`admin:reviews.${review.kind}`, { id: review.subject_id })} · {formatMoment(review.created_at, language, { style: 'short' })}
        </span>
      </div>
      <p className={styles.meta}>
        {review.guest.name || review.guest.email}
        {review.guest.name && ` · ${review.guest.email}`} · {t('admin:reviews.language', { language: t(`admin:reviews.languages.${review.language}`) })}
      </p>
      <p className={styles.text} lang={review.language}>
        {review.text}
      </p>
      {review.answer && !answering && (
        <div className={styles.answer}>
          <p className={styles.answerTitle}>{t('admin:reviews.ourAnswer')}</p>
          <p className={styles.text}>{review.answer}</p>
        </div>
      )}
      {answering ? (
        <AnswerForm review={review} onClose={() => setAnswering(false)} />
      ) : (
        <div className={styles.actions}>
          {review.state !== 'approved' && (
            <Button size="sm" onClick={() => change({ state: 'approved' }, t('admin:reviews.approved'))} loading={moderate.isPending && moderate.variables?.change.state === 'approved'} data-testid="review-approve">
              {t('admin:reviews.approve')}
            </Button>
          )}
          {review.state !== 'hidden' && (
            <Button size="sm" variant="outline" onClick={() => change({ state: 'hidden' }, t('admin:reviews.hidden'))} loading={moderate.isPending && moderate.variables?.change.state === 'hidden'} data-testid="review-hide">
              {t('admin:reviews.hide')}
            </Button>
          )}
          <Button size="sm" variant="clearly" onClick={() => setAnswering(true)} data-testid="review-answer-open">
            {review.answer ? t('admin:reviews.editAnswer') : t('admin:reviews.answer')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function AdminReviews() {
  const { t } = useTranslation(['admin', 'reviews']);
  const [filter, setFilter] = useState<AdminReviewsQuery>({ state: 'pending' });
  const reviews = useAdminReviews(filter);
  return (
    <>
      <form className={styles.filters} onSubmit={(event) => event.preventDefault()} aria-label={t('admin:reviews.filters')}>
        <Select
          label={t('admin:reviews.state')}
          value={filter.state ?? ''}
          onChange={(e) => setFilter({ ...filter, state: (e.target.value || undefined) as AdminReviewsQuery['state'] })}
          options={[
            { value: '', label: t('admin:reviews.all') },
            ...REVIEW_STATES.map((value) => ({
              value,
              label: reviews.data ? `${t(`admin:reviews.states.${value}`)} (${reviews.data.counts[value]})` : t(`admin:reviews.states.${value}`),
            })),
          ]}
          data-testid="reviews-state"
        />
        <Select
          label={t('admin:reviews.kind')}
          value={filter.kind ?? ''}
          onChange={(e) => setFilter({ ...filter, kind: (e.target.value || undefined) as AdminReviewsQuery['kind'] })}
          options={[{ value: '', label: t('admin:reviews.all') }, ...REVIEW_KINDS.map((value) => ({ value, label: t(`admin:reviews.kinds.${value}`) }))]}
          data-testid="reviews-kind"
        />
      </form>
      {reviews.isPending ? (
        <Spinner />
      ) : reviews.isError ? (
        <p className={admin.error}>{serverDetail(reviews.error) ?? t('admin:loadError')}</p>
      ) : reviews.data.reviews.length === 0 ? (
        <p className={admin.empty}>{t('admin:reviews.empty')}</p>
      ) : (
        <ul className={styles.list} aria-busy={reviews.isPlaceholderData || undefined}>
          {reviews.data.reviews.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
    </>
  );
}
