/**
 * /auth/create-password (state: email, resetToken): the new password after a confirmed code
 * (AUTH-24..27). Without the token of a confirmed code there is nothing to do here.
 */
import { useTranslation } from '../../shared/i18n';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-shell';
import { CreatePasswordForm } from '../../features/auth/components/create-password-form';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:createPassword.title'));
  if (!flow?.resetToken) return <Navigate to={paths.auth.root} replace />;
  return (
    <AuthCard title={t('auth:createPassword.title')} lead={t('auth:createPassword.description')}>
      <CreatePasswordForm
        email={flow.email}
        resetToken={flow.resetToken}
        onSaved={() => void navigate(paths.auth.passwordSuccess, { replace: true })}
      />
    </AuthCard>
  );
}
