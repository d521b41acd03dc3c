import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { emailSchema } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input } from '../../../shared/ui';
import { useCheckEmail } from '../api/check-email';
import { statusOf } from '../lib/api-errors';
import styles from './forms.module.css';

const emailStepSchema = z.object({ email: emailSchema });
type Intent = 'signIn' | 'create';

interface EmailStepFormProps {
  /** The e-mail is registered: go on to the password. */
  onSignIn: (email: string) => void;
  /** The e-mail is free: go on to the registration form. */
  onCreateAccount: (email: string) => void;
}

/** /auth: one e-mail field and two ways on (spec: login flow). */
export function EmailStepForm({ onSignIn, onCreateAccount }: EmailStepFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const check = useCheckEmail();
  const [intent, setIntent] = useState<Intent | null>(null);
  const go = (next: Intent) => async ({ email }: { email: string }, form: FormMethods<typeof emailStepSchema>) => {
    setIntent(next);
    try {
      await check.mutateAsync(email);
      if (next === 'signIn') onSignIn(email);
      else form.setError('email', { message: 'auth:login.emailExists' }, { shouldFocus: true });
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 && next === 'create') return onCreateAccount(email);
      const message = status === 404 ? 'auth:login.userNotFound' : status === 422 ? 'auth:login.invalidEmail' : 'auth:login.error';
      form.setError('email', { message }, { shouldFocus: true });
    } finally {
      setIntent(null);
    }
  };

  return (
    <Form schema={emailStepSchema} options={{ defaultValues: { email: '' } }} className={styles.form} onSubmit={go('signIn')}>
      {(form, error) => (
        <>
          <Input
            label={t('auth:login.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="name@example.com"
            autoFocus
            error={error('email')}
            {...form.register('email')}
          />
          <div className={styles.actions}>
            <Button type="submit" fullWidth loading={intent === 'signIn'} disabled={intent !== null}>
              {t('auth:login.signIn')}
            </Button>
            {/* The same checks as the submit, with the other way on. */}
            <Button
              variant="outline"
              fullWidth
              loading={intent === 'create'}
              disabled={intent !== null}
              onClick={() => void form.handleSubmit((values) => go('create')(values, form))()}
            >
              {t('auth:login.createAccount')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
