import { useTranslation } from '../../../shared/i18n';
import { createPasswordFormSchema } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, toast } from '../../../shared/ui';
import { useSetPassword } from '../api/set-password';
import { statusOf } from '../lib/api-errors';
import styles from './forms.module.css';

interface CreatePasswordFormProps {
  email: string;
  /** The token the confirmed code answered. */
  resetToken: string;
  onSaved: () => void;
}

/**
 * /auth/create-password: the sign-up rule (12 characters, lower, upper, digit), entered twice
 * (AUTH-24, AUTH-25; one policy for every new password, decision 015).
 */
export function CreatePasswordForm({ email, resetToken, onSaved }: CreatePasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const setPassword = useSetPassword();

  const submit = async (values: { new_password: string; new_password1: string }, form: FormMethods<typeof createPasswordFormSchema>) => {
    try {
      await setPassword.mutateAsync({ email, reset_token: resetToken, ...values });
      onSaved();
    } catch (error) {
      // 400: the token was used or its minutes ran out; a new code starts over.
      const key = statusOf(error) === 400 ? 'auth:createPassword.expired' : 'auth:createPassword.error';
      form.setError('new_password', { message: key });
      toast.error(t(key));
    }
  };

  return (
    <Form schema={createPasswordFormSchema} options={{ defaultValues: { new_password: '', new_password1: '' } }} className={styles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Input
            label={t('auth:createPassword.password')}
            variant="password"
            autoComplete="new-password"
            autoFocus
            error={error('new_password')}
            {...form.register('new_password')}
          />
          <Input
            label={t('auth:createPassword.passwordConfirm')}
            variant="password"
            autoComplete="new-password"
            error={error('new_password1')}
            {...form.register('new_password1')}
          />
          <div className={styles.actions}>
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t('auth:createPassword.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
