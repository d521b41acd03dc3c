/**
 * What a browser's page navigation gets when its client address is over the request limit: a
 * small page in the visitor's language (`?lang=`, then the cookie, then Accept-Language: issue 42,
 * point 13) that says when to try again, never the API's JSON (issue 21, point 4). The page has no
 * script or style to fetch, so it costs no more requests.
 */
import type { FastifyRequest } from 'fastify';
import { textsIn } from '../i18n';
import { visitorLanguage } from '../i18n/visitor-language';

/** A browser asking for a page (not a script, a picture or the API). */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/') || request.url === '/api') return false;
  const mode = request.headers['sec-fetch-mode'];
  return mode === 'navigate' || String(request.headers.accept ?? '').includes('text/html');
}

export function limitedPage(request: FastifyRequest, retryAfterSeconds: number): string {
  const language = visitorLanguage(request);
  const t = textsIn(language);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${t('limitedPage.title')} · House 1799</title></head>` +
    '<body style="font-family: Georgia, serif; max-width: 34rem; margin: 15vh auto; padding: 0 1.25rem; line-height: 1.5; color: #3b2a1e">' +
    `<h1 style="font-weight: normal">${t('limitedPage.title')}</h1><p>${t('limitedPage.lead')}</p><p>${t('limitedPage.retry', { seconds: retryAfterSeconds })}</p>` +
    `<p><a href="/" style="color: inherit">${t('limitedPage.home')}</a></p></body></html>`
  );
}
