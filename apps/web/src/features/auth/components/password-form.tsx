import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { loginSchema, PASSWORD_MIN, type User } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, toast } from '../../../shared/ui';
import { useLogin } from '../api/login';
import { useRequestResetCode } from '../api/request-reset-code';
import { statusOf } from '../lib/api-errors';
import { codeErrorMessage, secondsToWait } from '../lib/code-errors';
import styles from './forms.module.css';

const passwordStepSchema = z.object({
  password: loginSchema.shape.password.min(PASSWORD_MIN.loginForm, 'auth:login.passwordMin'),
});

interface PasswordFormProps {
  email: string;
  onSignedIn: (user: User) => void;
  /**
   * The reset code was e-mailed, or one was a moment ago: go on to the code screen, whose resend
   * waits `resendIn` seconds when the server said so.
   */
  onResetCodeSent: (resendIn?: number) => void;
}

/** /auth/password: the password of a known e-mail, and the way to reset it. */
export function PasswordForm({ email, onSignedIn, onResetCodeSent }: PasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const resetCode = useRequestResetCode();

  const submit = async ({ password }: { password: string }, form: FormMethods<typeof passwordStepSchema>) => {
    try {
      const { user } = await login.mutateAsync({ email, password });
      toast.success(t('auth:login.success'));
      onSignedIn(user);
    } catch (error) {
      const status = statusOf(error);
      // 429: too many wrong passwords for the account (or from this address): wait, or reset it below.
      const message =
        status === 403 ? 'auth:login.invalidPassword' : status === 404 ? 'auth:login.userNotFound' : status === 429 ? 'auth:login.tooManyTries' : 'auth:login.error';
      form.setError('password', { message }, { shouldFocus: true });
    }
  };

  const forgot = (form: FormMethods<typeof passwordStepSchema>) => {
    resetCode.mutate(email, {
      onSuccess: () => {
        toast.info(t('auth:reset.codeSent', { email }));
        onResetCodeSent();
      },
      onError: (error) => {
        // A code went out less than a minute ago: its letter is on the way, so is the code screen.
        const wait = secondsToWait(error);
        if (wait) {
          onResetCodeSent(wait);
          return;
        }
        const { key } = codeErrorMessage(error, 'auth:reset.sendError');
        form.setError('password', { message: key });
        toast.error(t(key));
      },
    });
  };

  return (
    <Form schema={passwordStepSchema} options={{ defaultValues: { password: '' } }} className={styles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Input
            label={t('auth:login.password')}
            variant="password"
            autoComplete="current-password"
            autoFocus
            error={error('password')}
            {...form.register('password')}
          />
          <div className={styles.row}>
            <button type="button" className={styles.link} onClick={() => forgot(form)} disabled={resetCode.isPending}>
              {resetCode.isPending ? t('auth:reset.sending') : t('auth:login.forgot')}
            </button>
          </div>
          <div className={styles.actions}>
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t('auth:login.signIn')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
