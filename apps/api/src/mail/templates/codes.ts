/** Letters carrying a six-digit code: e-mail confirmation (activation), password reset and a new e-mail address. */
import type { Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { greeting } from './greetings';
import { renderLetter, type MailContent } from './layout';

export interface CodeLetter {
  language: Language;
  /** The addressee's first name, when known. */
  name: string | null;
  code: string;
}

/** A letter whose code the addressee types on the site; `texts` names its group in the catalogue. */
function codeLetter(texts: 'activation' | 'passwordReset' | 'emailChange', { language, name, code }: CodeLetter): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t(`${texts}.subject`),
    heading: t(`${texts}.heading`),
    lead: [greeting(language, name), t(`${texts}.lead`)],
    code,
    after: [t('codeValid'), t(`${texts}.notYou`)],
  });
}

export function activationCodeLetter(letter: CodeLetter): MailContent {
  return codeLetter('activation', letter);
}

export function passwordResetCodeLetter(letter: CodeLetter): MailContent {
  return codeLetter('passwordReset', letter);
}

/** To the new address: the code that makes it the account's sign-in address. */
export function emailChangeCodeLetter(letter: CodeLetter): MailContent {
  return codeLetter('emailChange', letter);
}
