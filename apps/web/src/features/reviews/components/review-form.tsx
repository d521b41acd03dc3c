/** The guest's review of one finished stay or delivered order: 1–5 stars and a text (POST reviews/). */
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { REVIEW_STARS_MAX, REVIEW_TEXT_MAX, reviewInputSchema, type ReviewKind } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { Form } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, TextArea, toast } from '../../../shared/ui';
import { useWriteReview } from '../api/my-reviews';
import styles from './my-reviews.module.css';

const STARS = Array.from({ length: REVIEW_STARS_MAX }, (_, index) => index + 1);

export function ReviewForm({ kind, subjectId, onDone }: { kind: ReviewKind; subjectId: number; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const write = useWriteReview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const legendId = useId();
  return (
    <Form
      schema={reviewInputSchema}
      className={styles.form}
      aria-label={t('account:reviews.formTitle')}
      data-testid="review-form"
      options={{ defaultValues: { kind, subject_id: subjectId, language, text: '' } }}
      onSubmit={async (values) => {
        setRefusal(null);
        try {
          // The language the guest wrote in is the site's as they wrote it.
          await write.mutateAsync({ ...values, language });
          toast.success(t('account:reviews.sent'));
          onDone();
        } catch (error) {
          setRefusal(serverDetail(error) ?? t('account:reviews.failed'));
        }
      }}
    >
      {(form, error) => (
        <>
          <fieldset className={styles.starsField} aria-describedby={error('stars') ? `${legendId}-error` : undefined}>
            <legend id={legendId} className={styles.legend}>
              {t('account:reviews.starsLegend')}
            </legend>
            <div className={styles.starPicker}>
              {/* Highest first in the markup, shown lowest first: a hovered star lights those before it (CSS). */}
              {[...STARS].reverse().map((value) => (
                <label key={value} className={styles.starOption}>
                  <input
                    type="radio"
                    name={`${legendId}-stars`}
                    value={value}
                    className={styles.starInput}
                    checked={form.watch('stars') === value}
                    // A radio's value is text: the form keeps the number the schema checks.
                    onChange={() => form.setValue('stars', value, { shouldValidate: form.formState.isSubmitted })}
                    data-testid={`review-star-${value}`}
                  />
                  <span aria-hidden="true" className={styles.starGlyph}>
                    ★
                  </span>
                  <span className={styles.visuallyHidden}>{t('account:reviews.star', { count: value })}</span>
                </label>
              ))}
            </div>
            {error('stars') && (
              <p id={`${legendId}-error`} className={styles.fieldError} role="alert">
                {error('stars')}
              </p>
            )}
          </fieldset>
          <TextArea
            label={t('account:reviews.text')}
            hint={t('account:reviews.textHint', { max: REVIEW_TEXT_MAX })}
            rows={6}
            maxLength={REVIEW_TEXT_MAX}
            error={error('text')}
            data-testid="review-text"
            {...form.register('text', { onChange: () => setRefusal(null) })}
          />
          {refusal && (
            <p className={styles.fieldError} role="alert">
              {refusal}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" loading={write.isPending} data-testid="review-send">
              {t('account:reviews.send')}
            </Button>
            <Button type="button" variant="clearly" onClick={onDone}>
              {t('account:reviews.cancel')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
