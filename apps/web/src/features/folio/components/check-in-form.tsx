/**
 * Online check-in (issue 45, point 6): before arrival the guest fills the registration card's
 * details and the time they arrive; at the desk they only sign. Open until the arrival day.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StayRegistration, StayRegistrationInput } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useCheckIn, useSaveCheckIn } from '../api/folio';
import { folioDetail } from '../lib/detail';
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
  const [values, setValues] = useState<StayRegistrationInput>({
    first_name: saved.first_name ?? '',
    last_name: saved.last_name ?? '',
    citizenship: saved.citizenship ?? '',
    document_number: saved.document_number ?? '',
    birth_date: saved.birth_date ?? '',
    arrival_time: saved.arrival_time ?? '14:00',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof StayRegistrationInput) => (event: { target: { value: string } }) => setValues((before) => ({ ...before, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync(values);
      toast.success(t('checkInForm.saved'));
    } catch (failure) {
      setError(folioDetail(failure, language) ?? t('error'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('checkInForm.title')} data-testid="check-in-form">
      <p className={saved.ready ? styles.settled : styles.muted} data-testid="check-in-state" style={{ display: 'inline-block' }}>
        {saved.ready ? t('checkInForm.ready') : t('checkInForm.notYet')}
      </p>
      {!saved.open && <p className={styles.muted}>{t('checkInForm.closed')}</p>}
      <fieldset disabled={!saved.open || save.isPending} style={{ border: 0, padding: 0, margin: '1rem 0 0' }}>
        <div className={styles.fields}>
          <Input label={t('registration.lastName')} value={values.last_name} onChange={set('last_name')} required maxLength={80} autoComplete="family-name" name="last_name" />
          <Input label={t('registration.firstName')} value={values.first_name} onChange={set('first_name')} required maxLength={80} autoComplete="given-name" name="first_name" />
          <Input label={t('registration.birthDate')} type="date" value={values.birth_date} onChange={set('birth_date')} required autoComplete="bday" name="birth_date" />
          <Input label={t('registration.citizenship')} value={values.citizenship} onChange={set('citizenship')} required maxLength={60} name="citizenship" />
          <Input
            label={t('registration.document')}
            hint={t('checkInForm.documentHint')}
            value={values.document_number}
            onChange={set('document_number')}
            required
            maxLength={30}
            name="document_number"
          />
          <Input label={t('checkInForm.arrivalTime')} type="time" value={values.arrival_time} onChange={set('arrival_time')} required name="arrival_time" />
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
    </form>
  );
}
