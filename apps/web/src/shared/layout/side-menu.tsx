import * as Dialog from '@radix-ui/react-dialog';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n';
import { venue } from '@hotel/domain';
import { LanguageToggle } from './language-toggle';
import { isCurrent, sideMenuLinks } from './site-links';
import styles from './side-menu.module.css';
import { paths } from '../paths';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
}

/** The burger's menu below 768 px: the site's pages, then account or login, language, terms, social. */
export default function SideMenu({ open, onClose, signedIn }: SideMenuProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.panel} id="side-menu" aria-describedby={undefined}>
          <div className={styles.top}>
            <Dialog.Title className={styles.title}>{t('brand')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('nav.closeMenu')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.main')}>
            <ul className={styles.links}>
              {sideMenuLinks
                .filter((link) => !isCurrent(link, pathname))
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link} onClick={onClose}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
          <div className={styles.footer}>
            {signedIn ? (
              <div className={styles.row}>
                <Link to={paths.account.root} className={styles.footerLink} onClick={onClose}>
                  {t('nav.account')}
                </Link>
                <Link to={paths.deliveryCart} className={styles.footerLink} onClick={onClose}>
                  {t('nav.cart')}
                </Link>
              </div>
            ) : (
              <Link to={paths.auth.root} className={styles.footerLink} onClick={onClose}>
                {t('nav.login')}
              </Link>
            )}
            <div className={styles.row}>
              <LanguageToggle />
              {!isCurrent({ to: paths.terms, label: '' }, pathname) && (
                <Link to={paths.terms} className={styles.footerLink} onClick={onClose}>
                  {t('nav.terms')}
                </Link>
              )}
              <a href={venue.social.instagram} className={styles.footerLink} target="_blank" rel="noreferrer">
                Instagram
              </a>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
