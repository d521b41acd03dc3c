/**
 * Online check-in (issue 45, point 6): before arrival the guest fills the registration card's
 * details and the time they arrive; at the desk they only sign. Open until the arrival day.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { stayRegistrationInputSchema, type StayRegistration, type StayRegistrationInput } from '@hotel/domain';
import { Form } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useCheckIn, useSaveCheckIn } from '../api/folio';
import { folioDetail, folioMessage } from '../lib/detail';
import styles from './folio.module.css';

export function CheckInForm({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation('folio');
  const { language } = useLanguage();
  const current = useCheckIn(reservationId);
  if (current.isPending) {
    return (
      <p role="status">
        <Spinner size="sm" decorative /> {t('loading')}
      </p>
    );
  }
  if (current.isError) return <p className={styles.error}>{folioDetail(current.error, language) ?? t('loadError')}</p>;
  return <CheckInFields key={current.data.submitted_at ?? 'new'} reservationId={reservationId} saved={current.data} />;
}

function CheckInFields({ reservationId, saved }: { reservationId: number; saved: StayRegistration }) {
  const { t } = useTranslation('folio');
  const { language } = useLanguage();
  const save = useSaveCheckIn(reservationId);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: StayRegistrationInput) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('checkInForm.saved'));
    } catch (failure) {
      setError(folioDetail(failure, language) ?? t('error'));
    }
  };

  return (
    <Form
      schema={stayRegistrationInputSchema}
      options={{
        defaultValues: {
          first_name: saved.first_name ?? '',
          last_name: saved.last_name ?? '',
          citizenship: saved.citizenship ?? '',
          document_number: saved.document_number ?? '',
          birth_date: saved.birth_date ?? '',
          arrival_time: saved.arrival_time ?? '14:00',
        },
      }}
      onSubmit={submit}
      // A new try clears the last refusal, whether or not the fields pass.
      onSubmitCapture={() => setError(null)}
      aria-label={t('checkInForm.title')}
      data-testid="check-in-form"
    >
      {(form) => {
        // The check-in's own keys carry their texts in the domain (FOLIO_MESSAGES).
        const fieldError = (name: keyof StayRegistrationInput) => folioMessage(form.formState.errors[name]?.message, language, t);
        return (
          <>
            <p className={saved.ready ? styles.settled : styles.muted} data-testid="check-in-state" style={{ display: 'inline-block' }}>
              {saved.ready ? t('checkInForm.ready') : t('checkInForm.notYet')}
            </p>
            {!saved.open && <p className={styles.muted}>{t('checkInForm.closed')}</p>}
            <fieldset disabled={!saved.open || save.isPending} style={{ border: 0, padding: 0, margin: '1rem 0 0' }}>
              <div className={styles.fields}>
                <Input label={t('registration.lastName')} error={fieldError('last_name')} required maxLength={80} autoComplete="family-name" {...form.register('last_name')} />
                <Input label={t('registration.firstName')} error={fieldError('first_name')} required maxLength={80} autoComplete="given-name" {...form.register('first_name')} />
                <Input label={t('registration.birthDate')} type="date" error={fieldError('birth_date')} required autoComplete="bday" {...form.register('birth_date')} />
                <Input label={t('registration.citizenship')} error={fieldError('citizenship')} required maxLength={60} {...form.register('citizenship')} />
                <Input
                  label={t('registration.document')}
                  hint={t('checkInForm.documentHint')}
                  error={fieldError('document_number')}
                  required
                  maxLength={30}
                  {...form.register('document_number')}
                />
                <Input label={t('checkInForm.arrivalTime')} type="time" error={fieldError('arrival_time')} required {...form.register('arrival_time')} />
              </div>
              <p className={styles.muted}>{t('checkInForm.privacy')}</p>
              {error && (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              )}
              <Button type="submit" disabled={save.isPending}>
                {t('checkInForm.submit')}
              </Button>
            </fieldset>
          </>
        );
      }}
    </Form>
  );
}
