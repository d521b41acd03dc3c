import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema } from '@hotel/domain';
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
  const form = useForm({ resolver: zodResolver(emailStepSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const go = (next: Intent) =>
    form.handleSubmit(async ({ email }) => {
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
    });

  return (
    <form className={styles.form} onSubmit={go('signIn')} noValidate>
      <Input
        label={t('auth:login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="name@example.com"
        autoFocus
        error={errors.email?.message && t(errors.email.message)}
        {...form.register('email')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={intent === 'signIn'} disabled={intent !== null}>
          {t('auth:login.signIn')}
        </Button>
        <Button variant="outline" fullWidth loading={intent === 'create'} disabled={intent !== null} onClick={() => void go('create')()}>
          {t('auth:login.createAccount')}
        </Button>
      </div>
    </form>
  );
}
