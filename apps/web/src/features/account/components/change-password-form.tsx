import { useTranslation } from '../../../shared/i18n';
import { changePasswordSchema } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Form } from '../../../shared/forms/form';
import { Button, Input, toast } from '../../../shared/ui';
import { useChangePassword } from '../api/change-password';
import styles from './forms.module.css';

const empty = { old_password: '', new_password: '', new_password1: '' };

/**
 * Change password (ACC-19, ACC-20): the current one, and a new one by the sign-up rule (12
 * characters, lower, upper, digit; one policy for every new password, decision 015), twice.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const change = useChangePassword();

  return (
    <Form
      schema={changePasswordSchema}
      options={{ defaultValues: empty }}
      className={styles.form}
      data-testid="change-password-form"
      onSubmit={async (body, form) => {
        try {
          await change.mutateAsync(body);
          form.reset(empty);
          toast.success(t('account:password.success'));
        } catch (error) {
          if (error instanceof ApiError && error.status === 403) {
            form.setError('old_password', { message: 'account:password.invalid' }, { shouldFocus: true });
          }
          // The server's English detail stays out of the screen: the visitor's language only.
          toast.error(t('account:password.error'));
        }
      }}
    >
      {(form, error) => (
        <>
          <div className={styles.grid}>
            <Input
              label={t('account:password.old')}
              variant="password"
              autoComplete="current-password"
              error={error('old_password')}
              containerClassName={styles.full}
              {...form.register('old_password')}
            />
            <Input label={t('account:password.new')} variant="password" autoComplete="new-password" error={error('new_password')} {...form.register('new_password')} />
            <Input label={t('account:password.repeat')} variant="password" autoComplete="new-password" error={error('new_password1')} {...form.register('new_password1')} />
          </div>
          <div className={styles.footer}>
            <Button type="submit" variant="secondary" loading={form.formState.isSubmitting}>
              {t('account:password.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
