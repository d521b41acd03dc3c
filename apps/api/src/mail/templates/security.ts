/**
 * Letters about the account's safety: a code for a new e-mail address (codes.ts, as the other
 * letters with a code), the notice to the old address that it was replaced, and the warning that
 * someone keeps entering wrong codes.
 */
import type { Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { greeting } from './greetings';
import { renderLetter, type MailContent } from './layout';

export interface EmailChangedLetter {
  language: Language;
  name: string | null;
  /** The address that replaced this one. */
  newEmail: string;
}

/** To the old address, once the new one is confirmed. */
export function emailChangedLetter({ language, name, newEmail }: EmailChangedLetter): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t('emailChanged.subject'),
    heading: t('emailChanged.heading'),
    lead: [greeting(language, name), t('emailChanged.lead', { newEmail }), t('emailChanged.notYou')],
  });
}

export interface CodeGuessingLetter {
  language: Language;
  name: string | null;
}

/** To the owner, when wrong codes for the account reach the daily limit. */
export function codeGuessingLetter({ language, name }: CodeGuessingLetter): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t('codeGuessing.subject'),
    heading: t('codeGuessing.heading'),
    lead: [greeting(language, name), t('codeGuessing.lead'), t('codeGuessing.advice')],
  });
}
