/** Security headers, compression and rate limiting for every response. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { siteOrigin } from '../env';

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
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
    // Browsers keep to HTTPS once the site is public over it; plain-HTTP localhost gets no HSTS.
    // Subdomains are the owner's call, so they are left out.
    strictTransportSecurity: app.env.PUBLIC_URL?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: app.env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FST_ERR_RATE_LIMIT',
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
});
