/** The letter sent once an account is confirmed. */
import type { Language } from '@hotel/domain';
import { renderLetter, type MailContent } from './layout';

export interface WelcomeLetter {
  language: Language;
  name: string | null;
  /** The account page on the public site, when PUBLIC_URL is known. */
  accountUrl?: string;
}

export function welcomeLetter({ language, name, accountUrl }: WelcomeLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Добро пожаловать в Дом 1799',
      heading: name ? `Добро пожаловать, ${name}!` : 'Добро пожаловать!',
      lead: [
        'Ваша почта подтверждена, аккаунт готов.',
        'В личном кабинете можно бронировать номера, заказывать доставку из нашего кафе и хранить адреса доставки.',
        'Будем рады видеть вас в Гродно.',
      ],
      link: accountUrl ? { label: 'Перейти в кабинет', url: accountUrl } : undefined,
    });
  }
  return renderLetter({
    language,
    subject: 'Welcome to House 1799',
    heading: name ? `Welcome, ${name}!` : 'Welcome!',
    lead: [
      'Your e-mail address is confirmed and your account is ready.',
      'In your account you can book rooms, order delivery from our cafe and keep your delivery addresses.',
      'We look forward to welcoming you in Grodno.',
    ],
    link: accountUrl ? { label: 'Go to your account', url: accountUrl } : undefined,
  });
}
