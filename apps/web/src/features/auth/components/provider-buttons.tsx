import { useTranslation } from '../../../shared/i18n';
import { OAUTH_PROVIDERS, providerStartUrl, useProviders, type OAuthProvider } from '../api/get-providers';
import styles from './forms.module.css';

const icons: Record<OAuthProvider, React.ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.8 14a6.6 6.6 0 0 1 0-4.2V7H2.1a11 11 0 0 0 0 9.9L5.8 14Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  ),
  yandex: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#FC3F1D" />
      <path fill="#fff" d="M13.3 6.5h-1.2c-2.1 0-3.3 1.1-3.3 2.8 0 1.9.8 2.8 2.4 3.9l1.3.9-3.8 5.4H6.6l3.4-5c-2-1.4-3.1-2.7-3.1-5 0-2.9 2-4.9 5.2-4.9h3.3v15h-2.1V6.5Z" />
    </svg>
  ),
};

/** One button per configured external provider; the browser leaves for the provider (AUTH-01, AUTH-02). */
export function ProviderButtons() {
  const { t } = useTranslation('auth');
  const providers = useProviders();
  const configured = OAUTH_PROVIDERS.filter((provider) => providers.data?.[provider]);
  if (configured.length === 0) return null;
  return (
    <>
      <p className={styles.divider}>{t('auth:login.or')}</p>
      <div className={styles.providers}>
        {configured.map((provider) => (
          <a key={provider} href={providerStartUrl(provider)} className={styles.provider} data-provider={provider}>
            {icons[provider]}
            {t(provider === 'google' ? 'auth:login.withGoogle' : 'auth:login.withYandex')}
          </a>
        ))}
      </div>
    </>
  );
}
