/** How a letter greets its reader, by first name when it is known. */
import type { Language } from '@hotel/domain';
import { textsIn } from '../../i18n';

/** The account's letters (codes, security, welcome): "Hello, Anna!". */
export function greeting(language: Language, name: string | null): string {
  return name ? textsIn(language)('greeting.named', { name }) : textsIn(language)('greeting.anonymous');
}

/** The letters about a stay or an order: "Hello Anna,". */
export function guestGreeting(language: Language, name: string | null): string {
  return name ? textsIn(language)('guestGreeting.named', { name }) : textsIn(language)('guestGreeting.anonymous');
}
