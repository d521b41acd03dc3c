import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { codeSchema } from '@hotel/domain';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, toast } from '../../../shared/ui';
import { useConfirmResetCode } from '../api/confirm-reset-code';
import { useRequestResetCode } from '../api/request-reset-code';
import { codeErrorMessage } from '../lib/code-errors';
import { CodeInput } from './code-input';
import { ResendCode } from './resend-code';
import styles from './forms.module.css';

const verifyCodeSchema = z.object({ code: codeSchema });

interface VerifyCodeFormProps {
  email: string;
  /** Called with the token that alone may set the new password. */
  onVerified: (resetToken: string) => void;
  /** Seconds before a new code may be asked for (59 after a letter; more when the server says so). */
  resendIn?: number;
}

/** /auth/verify-code: the 6-digit reset code, with resend after 59 s (AUTH-21, AUTH-22). */
export function VerifyCodeForm({ email, onVerified, resendIn }: VerifyCodeFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const confirm = useConfirmResetCode();
  const resend = useRequestResetCode();

  const submit = async ({ code }: { code: string }, form: FormMethods<typeof verifyCodeSchema>) => {
    try {
      const { reset_token: resetToken } = await confirm.mutateAsync({ email, code });
      onVerified(resetToken);
    } catch (error) {
      // Wrong, expired, too many tries: each has its own words, in the visitor's language.
      const { key } = codeErrorMessage(error, 'auth:code.invalid');
      form.setError('code', { message: key }, { shouldFocus: true });
      toast.error(t(key));
    }
  };

  const resendCode = () =>
    resend.mutateAsync(email).then(
      () => toast.info(t('auth:reset.codeSent', { email })),
      (error: unknown) => {
        const { key, values } = codeErrorMessage(error, 'auth:reset.sendError');
        toast.error(t(key, values));
        throw error;
      },
    );

  return (
    <Form schema={verifyCodeSchema} options={{ defaultValues: { code: '' } }} className={styles.form} onSubmit={submit}>
      {(form, error) => (
        <>
          <CodeInput
            label={t('auth:code.label')}
            digitsOnly
            autoFocus
            error={error('code')}
            {...form.register('code')}
          />
          <div className={styles.actions}>
            <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
              {t('auth:code.submit')}
            </Button>
          </div>
          <ResendCode onResend={resendCode} seconds={resendIn} />
        </>
      )}
    </Form>
  );
}
