/**
 * The language of a visitor the server answers itself, before or without the web app: an
 * address's `?lang=`, then the choice the web app keeps in the `language` cookie, then (for a
 * visitor who has not chosen) the browser's Accept-Language, else Russian.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_QUERY, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@hotel/domain';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The language an address asks for (`?lang=en`): the language switch is a link to the page's own
 * address with it, so that without scripts a tap brings the page in the other language.
 */
export function askedLanguage(request: FastifyRequest): Language | null {
  const asked = new URL(request.url, 'http://x').searchParams.get(LANGUAGE_QUERY);
  return isLanguage(asked) ? asked : null;
}

/**
 * The web app keeps the visitor's language in local storage, which the server cannot read, and
 * mirrors it in a cookie of the same name so that the first HTML is already in that language.
 */
export function chosenLanguage(request: FastifyRequest): Language | null {
  const chosen = request.cookies?.[LANGUAGE_STORAGE_KEY];
  return isLanguage(chosen) ? chosen : null;
}

/** The language of a visitor who has not chosen one yet: English if the browser prefers it. */
export function browserLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && /^\s*en\b/i.test(header)) return 'en';
  return DEFAULT_LANGUAGE;
}

/** All three, in that order. */
export function visitorLanguage(request: FastifyRequest): Language {
  return askedLanguage(request) ?? chosenLanguage(request) ?? browserLanguage(request);
}
