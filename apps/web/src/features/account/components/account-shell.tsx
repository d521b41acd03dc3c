import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import type { User } from '@hotel/domain';
import { Footer } from '../../../shared/layout/footer';
import { Header } from '../../../shared/layout/header';
import { LanguageToggle } from '../../../shared/layout/language-toggle';
import { isAdmin } from '../../../shared/session/session-store';
import { Modal, Spinner } from '../../../shared/ui';
import { Icon, type IconName } from './icons';
import { bottomColumns } from '../../../shared/layout/dashboard-shell';
import styles from '../../../shared/layout/dashboard-shell.module.css';
import { paths } from '../../../shared/paths';
import { personName } from '@hotel/domain';

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

/** The side navigation (spec: overview, profile, reservations, orders, addresses, payments). */
const sideItems: NavItem[] = [
  { to: paths.account.overview, label: 'account:nav.overview', icon: 'overview' },
  { to: paths.account.profile, label: 'account:nav.profile', icon: 'profile' },
  { to: paths.account.reservations, label: 'account:nav.reservations', icon: 'reservations' },
  { to: paths.account.orders, label: 'account:nav.orders', icon: 'orders' },
  { to: paths.account.addresses, label: 'account:nav.addresses', icon: 'addresses' },
  { to: paths.account.payments, label: 'account:nav.payments', icon: 'payments' },
  { to: paths.account.reviews, label: 'account:nav.reviews', icon: 'reviews' },
];

/** Below 768 px (spec: overview, profile, bookings, orders, then More). */
const bottomItems: NavItem[] = [
  { to: paths.account.overview, label: 'account:nav.overview', icon: 'overview' },
  { to: paths.account.profile, label: 'account:nav.profile', icon: 'profile' },
  { to: paths.account.reservations, label: 'account:nav.bookings', icon: 'reservations' },
  { to: paths.account.orders, label: 'account:nav.orders', icon: 'orders' },
];

const ADMIN_PATH = paths.admin.root;

interface AccountShellProps {
  user: User;
  /** Signs out (locally at once); the guard then leaves the account area. */
  onLogout: () => void;
  children?: ReactNode;
}

/** The account area's frame: site header, side navigation or bottom bar, content, footer. */
export function AccountShell({ user, onLogout, children }: AccountShellProps) {
  const { t } = useTranslation(['account', 'common']);
  const { pathname } = useLocation();
  // The More dialog belongs to the screen it was opened on; any navigation closes it.
  const [moreOpenOn, setMoreOpenOn] = useState<string | null>(null);
  const admin = isAdmin(user);
  const name = personName(user) || user.username || user.email;

  return (
    <div className={styles.page}>
      <a href="#account-main" className={styles.skip}>
        {t('common:skipToContent')}
      </a>
      <Header />
      <div className={styles.body}>
        <aside className={styles.side}>
          <div className={styles.user}>
            <span className={styles.avatar} aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className={styles.userText}>
              <span className={styles.userName}>{name}</span>
              <span className={styles.userEmail}>{user.email}</span>
            </span>
          </div>
          <nav aria-label={t('account:nav.label')} data-testid="account-side-nav">
            <ul className={styles.sideList}>
              {sideItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.sideLink}>
                    <Icon name={item.icon} />
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
              {admin && (
                <li>
                  <NavLink to={paths.account.notices} className={styles.sideLink}>
                    <Icon name="notices" />
                    {t('account:nav.notices')}
                  </NavLink>
                </li>
              )}
              {admin && (
                <li>
                  <NavLink to={ADMIN_PATH} className={styles.sideLink}>
                    <Icon name="admin" />
                    {t('account:nav.admin')}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <button type="button" className={styles.logout} onClick={onLogout}>
            <Icon name="logout" />
            {t('account:nav.logout')}
          </button>
        </aside>

        <main id="account-main" className={styles.main}>
          {children ?? <Outlet />}
        </main>
      </div>
      <div className={styles.footer}>
        <Footer />
      </div>

      <nav className={styles.bottom} aria-label={t('account:nav.label')} data-testid="account-bottom-nav" style={bottomColumns(bottomItems.length + 1)}>
        {bottomItems.map((item) => (
          <NavLink key={item.to} to={item.to} className={styles.bottomLink}>
            <Icon name={item.icon} />
            <span>{t(item.label)}</span>
          </NavLink>
        ))}
        <button
          type="button"
          className={styles.bottomLink}
          aria-haspopup="dialog"
          aria-expanded={moreOpenOn === pathname}
          onClick={() => setMoreOpenOn(pathname)}
        >
          <Icon name="more" />
          <span>{t('account:nav.more')}</span>
        </button>
      </nav>

      <Modal open={moreOpenOn === pathname} onOpenChange={(open) => setMoreOpenOn(open ? pathname : null)} size="small" title={t('account:nav.more')}>
        <MoreMenu admin={admin} onLogout={onLogout} />
      </Modal>
    </div>
  );
}

function MoreMenu({ admin, onLogout }: { admin: boolean; onLogout: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <div className={styles.more} data-testid="account-more">
      <section aria-labelledby="more-services">
        <h3 id="more-services" className={styles.moreHeading}>
          {t('account:nav.services')}
        </h3>
        <ul className={styles.moreList}>
          <MoreLink to={paths.hotel.root} icon="services" label={t('common:nav.hotel')} />
          <MoreLink to={paths.restaurant} icon="services" label={t('common:nav.restaurant')} />
          <MoreLink to={paths.delivery} icon="orders" label={t('common:nav.delivery')} />
        </ul>
      </section>
      <section aria-labelledby="more-account">
        <h3 id="more-account" className={styles.moreHeading}>
          {t('account:title')}
        </h3>
        <ul className={styles.moreList}>
          <MoreLink to={paths.account.addresses} icon="addresses" label={t('account:nav.addresses')} />
          <MoreLink to={paths.account.payments} icon="payments" label={t('account:nav.payments')} />
          <MoreLink to={paths.account.reviews} icon="reviews" label={t('account:nav.reviews')} />
          {admin && <MoreLink to={paths.account.notices} icon="notices" label={t('account:nav.notices')} />}
          {admin && <MoreLink to={ADMIN_PATH} icon="admin" label={t('account:nav.admin')} />}
          <li className={styles.moreRow}>
            <span className={styles.moreLabel}>
              <Icon name="language" />
              {t('account:nav.language')}
            </span>
            <LanguageToggle />
          </li>
          <MoreLink to={paths.contacts} icon="contact" label={t('account:nav.contact')} />
          <MoreLink to={paths.terms} icon="help" label={t('account:nav.help')} />
          <li>
            <button type="button" className={`${styles.moreItem} ${styles.moreLogout}`} onClick={onLogout}>
              <span className={styles.moreLabel}>
                <Icon name="logout" />
                {t('account:nav.logout')}
              </span>
            </button>
          </li>
        </ul>
      </section>
    </div>
  );
}

function MoreLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <li>
      <Link to={to} className={styles.moreItem}>
        <span className={styles.moreLabel}>
          <Icon name={icon} />
          {label}
        </span>
        <Icon name="chevron" size={18} />
      </Link>
    </li>
  );
}

/** While the account area's screen code or data loads. */
export function AccountPending() {
  return (
    <div className={styles.pending}>
      <Spinner />
    </div>
  );
}
