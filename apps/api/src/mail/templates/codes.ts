/** Letters carrying a six-digit code: e-mail confirmation (activation) and password reset. */
import { CODE_TTL_MINUTES, type Language } from '@hotel/domain';
import { renderLetter, type MailContent } from './layout';

export interface CodeLetter {
  language: Language;
  /** The addressee's first name, when known. */
  name: string | null;
  code: string;
}

const greeting = (language: Language, name: string | null) =>
  language === 'ru' ? (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!') : name ? `Hello, ${name}!` : 'Hello!';

export function activationCodeLetter({ language, name, code }: CodeLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Код подтверждения почты — Дом 1799',
      heading: 'Подтвердите адрес почты',
      lead: [greeting(language, name), 'Введите этот код на сайте, чтобы подтвердить адрес электронной почты:'],
      code,
      after: [
        `Код действует ${CODE_TTL_MINUTES} минут.`,
        'Если вы не регистрировались на сайте Дома 1799, просто не отвечайте на это письмо.',
      ],
    });
  }
  return renderLetter({
    language,
    subject: 'Your confirmation code — House 1799',
    heading: 'Confirm your e-mail address',
    lead: [greeting(language, name), 'Enter this code on the site to confirm your e-mail address:'],
    code,
    after: [
      `The code is valid for ${CODE_TTL_MINUTES} minutes.`,
      'If you did not sign up at House 1799, you can safely ignore this letter.',
    ],
  });
}

export function passwordResetCodeLetter({ language, name, code }: CodeLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Код для смены пароля — Дом 1799',
      heading: 'Смена пароля',
      lead: [greeting(language, name), 'Вы запросили смену пароля. Введите этот код на сайте:'],
      code,
      after: [
        `Код действует ${CODE_TTL_MINUTES} минут.`,
        'Если вы не запрашивали смену пароля, не отвечайте на это письмо: пароль останется прежним.',
      ],
    });
  }
  return renderLetter({
    language,
    subject: 'Your password reset code — House 1799',
    heading: 'Reset your password',
    lead: [greeting(language, name), 'You asked to reset your password. Enter this code on the site:'],
    code,
    after: [
      `The code is valid for ${CODE_TTL_MINUTES} minutes.`,
      'If you did not ask for a new password, ignore this letter: your password stays as it is.',
    ],
  });
}
