/** The OpenAPI document, generated from the routes' zod schemas, and its viewer at /api/docs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CLIENT_TOKEN_HEADER } from '@hotel/domain';

export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'House 1799 API',
        description:
          `JSON API of the hotel, restaurant and delivery site. Every call under /api/v1/ carries the ` +
          `\`${CLIENT_TOKEN_HEADER}\` header (except images under /api/v1/uploads/). Errors are ` +
          '`{ "detail": "…" }`. Money is an integer number of kopecks (BYN minor units). Texts that ' +
          'visitors read come in both languages as `{ "ru": "…", "en": "…" }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          clientToken: { type: 'apiKey', in: 'header', name: CLIENT_TOKEN_HEADER },
        },
      },
      security: [{ clientToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The viewer sets inline styles on its elements.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
});
