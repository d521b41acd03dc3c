/** /contacts: address, phones, hours, the map, how to get here (PUB-14). */
import { useTranslation } from '../shared/i18n';
import { venue } from '@hotel/domain';
import { ContactsBlock } from '../features/site/components/contacts-block';
import { useLanguage } from '../shared/hooks/use-language';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import { hotelJsonLd } from '../shared/seo/structured-data';
import page from './page.module.css';
import { paths } from '../shared/paths';

export function Component() {
  const { t } = useTranslation(['pages', 'about']);
  const { language } = useLanguage();
  return (
    <>
      <PageMeta
        title={t('pages:contactsPage.meta.title')}
        description={t('pages:contactsPage.meta.description')}
        path={paths.contacts}
        jsonLd={[hotelJsonLd(language)]}
      />
      <HydrateLater>
        {() => (
          <PageIntro
            id="contacts-title"
            title={t('pages:contactsPage.title')}
            lead={t('pages:contactsPage.lead')}
          />
        )}
      </HydrateLater>
      <HydrateLater>
        {() => (
          <div className="container">
            <ContactsBlock headingLevel={2} />
          </div>
        )}
      </HydrateLater>
      <HydrateLater>
        {() => (
          <section className={`container ${page.section}`} aria-labelledby="getting-here">
            <div className={`${page.panel} ${page.split}`}>
              <div>
                <h2 id="getting-here" className={page.sectionTitle}>
                  {t('pages:contactsPage.gettingHere')}
                </h2>
                <p>{t('pages:contactsPage.gettingHereText')}</p>
              </div>
              <div>
                <h2 className={page.sectionTitle}>{t('contacts.social')}</h2>
                <p className={page.contactLinks}>
                  <a href={venue.social.instagram} target="_blank" rel="noreferrer" className={page.textLink}>
                    Instagram
                  </a>
                  <a href={venue.social.telegram} target="_blank" rel="noreferrer" className={page.textLink}>
                    Telegram
                  </a>
                  <a href={`mailto:${venue.email}`} className={page.textLink}>
                    {t('pages:contactsPage.write')}: {venue.email}
                  </a>
                </p>
                <p className={page.cardMeta}>{t('pages:contactsPage.legal')}</p>
                <p>{venue.legalName[language]}</p>
              </div>
            </div>
          </section>
        )}
      </HydrateLater>
    </>
  );
}
