/** /auth/password-success: the password is changed; back to /auth to sign in (AUTH-27). */
import { useTranslation } from '../../shared/i18n';
import { AuthCard } from '../../features/auth/components/auth-shell';
import { ButtonLink } from '../../shared/ui';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('auth:passwordSuccess.title'));
  return (
    <AuthCard
      icon={
        <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
      title={t('auth:passwordSuccess.title')}
      lead={t('auth:passwordSuccess.lead')}
    >
      <ButtonLink to={paths.auth.root} replace fullWidth>
        {t('auth:passwordSuccess.toLogin')}
      </ButtonLink>
    </AuthCard>
  );
}
