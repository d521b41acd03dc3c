import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import type { User } from '@hotel/domain';
import { Footer } from '../../../shared/layout/footer';
import { Header } from '../../../shared/layout/header';
import { LanguageToggle } from '../../../shared/layout/language-toggle';
import { Modal } from '../../../shared/ui';
import { AdminIcon, type AdminIconName } from '../../../shared/admin/icons';
import { bottomColumns } from '../../../shared/layout/dashboard-shell';
import styles from '../../../shared/layout/dashboard-shell.module.css';
import { paths } from '../../../shared/paths';
import { staffRolesOf, userMay } from '../../../shared/session/staff-rights';
import { ADMIN_SCREENS, type AdminScreen } from '../screens';
import { personName } from '@hotel/domain';

/**
 * The screens the person's roles may read (issue 49): the spec's side navigation (hotel, users,
 * delivery) with the boards, payments, reports, reviews and promo codes; the log for the superuser.
 */
function navItems(user: User): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => userMay(user, screen.permission));
}

/** The boards read across many days or five columns, the payments across seven: on a wide screen they use its whole width. */
const WIDE_SCREENS: readonly string[] = [paths.admin.desk, paths.admin.reservations, paths.admin.orders, paths.admin.restaurant, paths.admin.payments, paths.admin.reports];

/** Screens in the bottom bar below 768 px (four and More, as the account's); the rest are under More. */
const BOTTOM_ITEMS = 4;

interface AdminShellProps {
  user: User;
  onLogout: () => void;
  children: ReactNode;
}

/** The admin area's frame (ADM-06, ADM-07): site header, side navigation or bottom bar with More, footer. */
export function AdminShell({ user, onLogout, children }: AdminShellProps) {
  const { t } = useTranslation(['admin', 'common']);
  const { pathname } = useLocation();
  // The More dialog belongs to the screen it was opened on; any navigation closes it.
  const [moreOpenOn, setMoreOpenOn] = useState<string | null>(null);
  const name = personName(user) || user.username || user.email;
  const items = navItems(user);

  return (
    <div className={styles.page}>
      <a href="#admin-main" className={styles.skip}>
        {t('common:skipToContent')}
      </a>
      <Header />
      <div className={styles.body} data-wide={WIDE_SCREENS.includes(pathname) || undefined}>
        <aside className={styles.side}>
          <div className={styles.user}>
            <span className={styles.avatar} aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className={styles.userText}>
              <span className={styles.userName}>{name}</span>
              <span className={styles.role}>{staffRolesOf(user).map((role) => t(`admin:role.${role}`)).join(', ')}</span>
            </span>
          </div>
          <nav aria-label={t('admin:nav.label')} data-testid="admin-side-nav">
            <ul className={styles.sideList}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.sideLink}>
                    <AdminIcon name={item.icon} />
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to={paths.account.root} className={styles.sideLink} end>
                  <AdminIcon name="account" />
                  {t('admin:nav.account')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <button type="button" className={styles.logout} onClick={onLogout}>
            <AdminIcon name="logout" />
            {t('admin:nav.logout')}
          </button>
        </aside>

        <main id="admin-main" className={styles.main}>
          {children}
        </main>
      </div>
      <div className={styles.footer}>
        <Footer />
      </div>

      <nav className={styles.bottom} aria-label={t('admin:nav.label')} data-testid="admin-bottom-nav" style={bottomColumns(BOTTOM_ITEMS + 1)}>
        {items.slice(0, BOTTOM_ITEMS).map((item) => (
          <NavLink key={item.to} to={item.to} className={styles.bottomLink}>
            <AdminIcon name={item.icon} />
            <span>{t(item.short ?? item.label)}</span>
          </NavLink>
        ))}
        <button
          type="button"
          className={styles.bottomLink}
          aria-haspopup="dialog"
          aria-expanded={moreOpenOn === pathname}
          onClick={() => setMoreOpenOn(pathname)}
        >
          <AdminIcon name="more" />
          <span>{t('admin:nav.more')}</span>
        </button>
      </nav>

      <Modal open={moreOpenOn === pathname} onOpenChange={(open) => setMoreOpenOn(open ? pathname : null)} size="small" title={t('admin:nav.more')}>
        <div className={styles.more} data-testid="admin-more">
          <ul className={styles.moreList}>
            {items.slice(BOTTOM_ITEMS).map((item) => (
              <MoreLink key={item.to} to={item.to} icon={item.icon} label={t(item.label)} />
            ))}
            <MoreLink to={paths.account.root} icon="account" label={t('admin:nav.account')} />
            <li className={styles.moreRow}>
              <span className={styles.moreLabel}>
                <AdminIcon name="language" />
                {t('admin:nav.language')}
              </span>
              <LanguageToggle />
            </li>
            <MoreLink to={paths.contacts} icon="contact" label={t('admin:nav.contact')} />
            <MoreLink to={paths.terms} icon="help" label={t('admin:nav.help')} />
            <li>
              <button type="button" className={`${styles.moreItem} ${styles.moreLogout}`} onClick={onLogout}>
                <span className={styles.moreLabel}>
                  <AdminIcon name="logout" />
                  {t('admin:nav.logout')}
                </span>
              </button>
            </li>
          </ul>
        </div>
      </Modal>
    </div>
  );
}

function MoreLink({ to, icon, label }: { to: string; icon: AdminIconName; label: string }) {
  return (
    <li>
      <Link to={to} className={styles.moreItem}>
        <span className={styles.moreLabel}>
          <AdminIcon name={icon} />
          {label}
        </span>
        <AdminIcon name="chevron" size={18} />
      </Link>
    </li>
  );
}
