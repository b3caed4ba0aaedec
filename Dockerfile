# syntax=docker/dockerfile:1
# The production image: the web app and the server bundle are built in the first stage; the second holds Node, the
# production dependencies of the server (npm ci --omit=dev) and the built files, and runs as the unprivileged `node`
# user. apps/web/e2e/productionInstall.e2e.ts runs this file's runtime install and start on every test run.

FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/ensure-build.mjs

FROM node:24-trixie-slim AS runtime
# pg_dump and pg_restore for `npm run backup` / `restore` on PostgreSQL (Debian trixie's client is PostgreSQL 17,
# like compose.yaml's server; the client must not be older than the server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/api/ksef-schemas apps/api/ksef-schemas
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) reaches node itself: it finishes the requests in flight and closes the database.
CMD ["node", "apps/api/dist/server.js"]
