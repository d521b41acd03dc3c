/**
 * Security headers, compression and rate limiting for every response, each made cheap
 * (docs/decisions/022-lean-request-path.md): the headers are worked out once at start and set in
 * one step, pages get the whole set and every other answer (JSON, pictures, scripts) the part that
 * protects it, and only answers worth compressing are compressed, the same ones once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { siteOrigin } from '../env';
import { webDistFolder as defaultDistFolder } from '../paths';
import { compressionHook } from './compression';
import { HASHED_ASSET, PUBLIC_FILE } from './web-app';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers are never compressed (a stream of events, an answer compressed already). */
    compress?: boolean;
  }
}

/** The headers helmet sets with these options, read once instead of worked out on every request. */
function headersOf(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The web build's boot.js as a policy source: the prerendered pages carry it inline, byte for byte
 * (apps/web/scripts/prerender.mjs), so that it holds the first paint back by no request, and the
 * policy allows that one text by its hash. Read once: a new build comes with a new start, as the
 * build's other files do (web-app.ts). None without a build.
 */
export function bootScriptSource(distFolder: string): string | null {
  const file = path.join(distFolder, 'boot.js');
  if (!existsSync(file)) return null;
  return `'sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}'`;
}

export interface SecurityOptions {
  /** The built web app, instead of apps/web/dist or WEB_DIST_DIR (a test's own build). */
  webDistFolder?: string;
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const bootScript = bootScriptSource(options.webDistFolder ?? defaultDistFolder);
  // Browsers keep to HTTPS once the site is public over it; plain-HTTP localhost gets no HSTS.
  // Subdomains are the owner's call, so they are left out.
  const strictTransportSecurity = app.env.PUBLIC_URL?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false;
  const pageHeaders = headersOf({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...(bootScript ? [bootScript] : [])],
        // React and prerendered markup set style attributes; stylesheets themselves come from 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Picture URLs are absolute, on the site's origin (PUBLIC_URL): a visitor who reached the
        // server by another name (127.0.0.1 for localhost) must still be allowed to load them.
        'img-src': ["'self'", siteOrigin(app.env), 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
  });
  // What is not a document needs no policy for scripts, frames or referrers of its own: only that
  // it is read as the type it says, stays on this origin and, opened as a page, runs nothing and
  // is framed by nobody (OWASP REST Security Cheat Sheet, "Security headers").
  const answerHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': pageHeaders['cross-origin-resource-policy']!,
    'x-content-type-options': 'nosniff',
    ...(pageHeaders['strict-transport-security'] ? { 'strict-transport-security': pageHeaders['strict-transport-security'] } : {}),
  };
  const answerCsp = answerHeaders['content-security-policy'];
  const { 'content-security-policy': pageCsp, ...pageHeadersButCsp } = pageHeaders;

  // Every answer starts with the short set; a page (HTML, told by its type once the route has set
  // it) gets the whole one, keeping a policy of its own if its route set one (the API viewer).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answerHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.headers(pageHeadersButCsp);
      if (reply.getHeader('content-security-policy') === answerCsp) reply.header('content-security-policy', pageCsp);
    }
    done(null, payload);
  });

  if (app.env.TRUST_PROXY === 0) {
    // Behind a proxy that nobody declared, every visitor has the proxy's address and shares its
    // limits: a stranger's wrong passwords would refuse sign-in to everyone. Said once, loudly.
    let warned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)) {
        warned = true;
        request.log.error(
          'A request came through a proxy (X-Forwarded-For or Forwarded) but TRUST_PROXY is 0: every visitor shares the ' +
            "proxy's address and its rate limits. Set TRUST_PROXY to the number of proxies in front of the server (see .env.example).",
        );
      }
      done();
    });
  }

  app.addHook('onSend', compressionHook());
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: app.env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // One page is 30–60 requests, most of them the build's hashed files: counted, they would
    // refuse a hotel lobby's shared address after a dozen pages. They are files read from disk
    // (or a cache) and cost little, as do boot.js, the illustrations and the icons; pictures have a
    // limit of their own (uploads/routes.ts).
    allowList: (request) => HASHED_ASSET.test(request.url) || PUBLIC_FILE.test(request.url),
    // The plugin's own key (an IPv6 client counted by its /64), except that a request whose
    // connection closed before it was handled has no address left, which it failed on with a 500:
    // such requests share one key, as nobody can be answered on them anyway. An IPv4 address (no
    // colon) is its own key: the plugin's check for IPv6 is a long regular expression, on every request.
    keyGenerator: (request) => (!request.ip ? 'connection-closed' : request.ip.includes(':') ? normalizeIP(request.ip) : request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FST_ERR_RATE_LIMIT',
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
});
