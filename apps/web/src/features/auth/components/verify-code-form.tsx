import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { codeSchema } from '@hotel/domain';
import { Button, toast } from '../../../shared/ui';
import { useConfirmResetCode } from '../api/confirm-reset-code';
import { useRequestResetCode } from '../api/request-reset-code';
import { CodeInput } from './code-input';
import { ResendCode } from './resend-code';
import styles from './forms.module.css';

const verifyCodeSchema = z.object({ code: codeSchema });

interface VerifyCodeFormProps {
  email: string;
  onVerified: () => void;
}

/** /auth/verify-code: the 6-digit reset code, with resend after 59 s (AUTH-21, AUTH-22). */
export function VerifyCodeForm({ email, onVerified }: VerifyCodeFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const confirm = useConfirmResetCode();
  const resend = useRequestResetCode();
  const form = useForm({ resolver: zodResolver(verifyCodeSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync({ email, code });
      onVerified();
    } catch {
      form.setError('code', { message: 'auth:code.invalid' }, { shouldFocus: true });
      toast.error(t('auth:code.invalid'));
    }
  });

  const resendCode = () =>
    resend.mutateAsync(email).then(
      () => toast.info(t('auth:reset.codeSent', { email })),
      (error: unknown) => {
        toast.error(t('auth:reset.sendError'));
        throw error;
      },
    );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <CodeInput
        label={t('auth:code.label')}
        digitsOnly
        autoFocus
        error={errors.code?.message && t(errors.code.message)}
        {...form.register('code')}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
          {t('auth:code.submit')}
        </Button>
      </div>
      <ResendCode onResend={resendCode} />
    </form>
  );
}
