/** The letter sent once an account is confirmed. */
import type { Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { renderLetter, type MailContent } from './layout';

export interface WelcomeLetter {
  language: Language;
  name: string | null;
  /** The account page on the public site, when PUBLIC_URL is known. */
  accountUrl?: string;
}

export function welcomeLetter({ language, name, accountUrl }: WelcomeLetter): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t('welcome.subject'),
    heading: name ? t('welcome.heading.named', { name }) : t('welcome.heading.anonymous'),
    lead: [t('welcome.confirmed'), t('welcome.account'), t('welcome.seeYou')],
    link: accountUrl ? { label: t('welcome.link'), url: accountUrl } : undefined,
  });
}
