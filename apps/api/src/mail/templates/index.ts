/** Letters the site sends, each a small function returning { subject, text, html } in one language. */
export { activationCodeLetter, emailChangeCodeLetter, passwordResetCodeLetter, type CodeLetter } from './codes';
export { welcomeLetter, type WelcomeLetter } from './welcome';
export type { MailContent } from './layout';
export { codeGuessingLetter, emailChangedLetter } from './security';
