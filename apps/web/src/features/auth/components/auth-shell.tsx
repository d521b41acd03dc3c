import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { LanguageToggle } from '../../../shared/layout/language-toggle';
import styles from './auth-shell.module.css';
import { paths } from '../../../shared/paths';

/** The frame of every /auth screen: the house on one side, the step's card on the other. */
export function AuthShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div className={styles.page}>
      <aside className={styles.aside} aria-hidden="true">
        <div className={styles.arch}>
          <span className={styles.year}>1799</span>
        </div>
        <p className={styles.tagline}>{t('auth:tagline')}</p>
      </aside>
      <div className={styles.column}>
        <header className={styles.bar}>
          <Link to={paths.home} className={styles.logo}>
            <span className={styles.logoMark} aria-hidden="true">
              1799
            </span>
            <span>{t('common:brand')}</span>
          </Link>
          <LanguageToggle className={styles.language} />
        </header>
        <main id="main" className={styles.main}>
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}

interface AuthCardProps {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  /** Under the card's body: links to other steps. */
  footer?: ReactNode;
  /** Above the title: a back link. */
  back?: ReactNode;
  icon?: ReactNode;
}

/** One step of the sign-in flow. */
export function AuthCard({ title, lead, children, footer, back, icon }: AuthCardProps) {
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      {back && <div className={styles.back}>{back}</div>}
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <h1 id="auth-title" className={styles.title}>
        {title}
      </h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.backLink}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </Link>
  );
}
