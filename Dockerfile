# The site as one image: the web app and the API on one port (npm start), for compose.yaml or any
# orchestrator. Build: docker build -t house1799 .   The same Node major as .nvmrc.
ARG NODE_MAJOR=24

# 1. Install everything and build, with the same commands a checkout and the tests use.
FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/demo-content/package.json packages/demo-content/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What the server and its commands (backup, restore, storage:migrate, create-superuser) need at run time.
RUN npm prune --omit=dev --no-audit --no-fund

# 2. A slim runtime: the build, production packages, pg_dump/pg_restore for backups; no root.
FROM node:${NODE_MAJOR}-bookworm-slim
# Debian's client is PostgreSQL 15, the server compose.yaml runs: pg_dump must not be older than the server.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain ./packages/domain
COPY --from=build /app/packages/demo-content ./packages/demo-content
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/e2e/package.json ./e2e/package.json
COPY --from=build /app/scripts ./scripts
# Only the site's user may enter them: they hold the database, pictures, letters and backups.
RUN mkdir -p /data/mail /app/backups && chown -R node:node /data /app/backups && chmod 700 /data /data/mail /app/backups
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/ready/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start passes SIGTERM on to the server, which drains (SHUTDOWN_TIMEOUT_SECONDS, under docker stop's 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
