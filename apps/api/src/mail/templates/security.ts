/**
 * Letters about the account's safety: a code for a new e-mail address, the notice to the old
 * address that it was replaced, and the warning that someone keeps entering wrong codes.
 */
import { CODE_TTL_MINUTES, type Language } from '@hotel/domain';
import type { CodeLetter } from './codes';
import { renderLetter, type MailContent } from './layout';

const greeting = (language: Language, name: string | null) =>
  language === 'ru' ? (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!') : name ? `Hello, ${name}!` : 'Hello!';

/** To the new address: the code that makes it the account's sign-in address. */
export function emailChangeCodeLetter({ language, name, code }: CodeLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Код для смены почты — Дом 1799',
      heading: 'Подтвердите новый адрес',
      lead: [greeting(language, name), 'Этот адрес указали как новую почту аккаунта на сайте Дома 1799. Введите код на сайте:'],
      code,
      after: [
        `Код действует ${CODE_TTL_MINUTES} минут.`,
        'Если это были не вы, просто не отвечайте на это письмо: адрес не изменится.',
      ],
    });
  }
  return renderLetter({
    language,
    subject: 'Your e-mail change code — House 1799',
    heading: 'Confirm your new address',
    lead: [greeting(language, name), 'This address was given as the new e-mail of an account at House 1799. Enter this code on the site:'],
    code,
    after: [
      `The code is valid for ${CODE_TTL_MINUTES} minutes.`,
      'If it was not you, ignore this letter: nothing changes.',
    ],
  });
}

export interface EmailChangedLetter {
  language: Language;
  name: string | null;
  /** The address that replaced this one. */
  newEmail: string;
}

/** To the old address, once the new one is confirmed. */
export function emailChangedLetter({ language, name, newEmail }: EmailChangedLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Почта аккаунта изменена — Дом 1799',
      heading: 'Адрес почты изменён',
      lead: [
        greeting(language, name),
        `Теперь для входа на сайт Дома 1799 используется адрес ${newEmail}; на этот адрес письма больше не придут.`,
        'Если вы этого не делали, напишите нам на hello@house1799.by или позвоните +375 152 00-17-99.',
      ],
    });
  }
  return renderLetter({
    language,
    subject: 'Your account e-mail was changed — House 1799',
    heading: 'Your e-mail address was changed',
    lead: [
      greeting(language, name),
      `You now sign in at House 1799 with ${newEmail}; this address will get no more letters.`,
      'If it was not you, write to hello@house1799.by or call +375 152 00-17-99.',
    ],
  });
}

export interface CodeGuessingLetter {
  language: Language;
  name: string | null;
}

/** To the owner, when wrong codes for the account reach the daily limit. */
export function codeGuessingLetter({ language, name }: CodeGuessingLetter): MailContent {
  if (language === 'ru') {
    return renderLetter({
      language,
      subject: 'Кто-то подбирает код к вашему аккаунту — Дом 1799',
      heading: 'Слишком много неверных кодов',
      lead: [
        greeting(language, name),
        'Сегодня для вашего аккаунта много раз ввели неверный код из письма. Мы перестали принимать коды до завтра.',
        'Если это были вы, просто попробуйте позже. Если нет, ваш пароль в безопасности: без кода его не сменить. Никому не сообщайте коды из наших писем.',
      ],
    });
  }
  return renderLetter({
    language,
    subject: 'Someone is guessing codes for your account — House 1799',
    heading: 'Too many wrong codes',
    lead: [
      greeting(language, name),
      'Wrong codes were entered for your account many times today. We stopped accepting codes until tomorrow.',
      'If it was you, just try again later. If not, your password is safe: it cannot be changed without a code. Never share the codes from our letters.',
    ],
  });
}
