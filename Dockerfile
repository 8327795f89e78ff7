# syntax=docker/dockerfile:1
# Barberly's production images, one multi-stage file (the workspaces share one lock file and `common`):
#   docker build --target api .          the api (Express + TypeORM; serves on 4000); the same image runs the
#                                        migrations (node api/dist/migrate.js) and the jobs (node api/dist/worker.js)
#   docker build --target storefront .   the storefront (Vike SSR; serves on 3001)
#   docker build --target nginx .        nginx with the admin build and the rendered front-door config (8080)
#   docker build --target backup .       nightly backups (pg_dump 17 and the api's backup script)
# docker-compose.yml builds all four. Runtime images hold built output and production dependencies only, and run
# as an unprivileged user.

ARG NODE_IMAGE=node:22-bookworm-slim

# --- Every workspace's dependencies, dev included, for building -------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY proxy/package.json proxy/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# --- Build api, storefront and admin -----------------------------------------------------------------------------
FROM deps AS build
COPY tsconfig.json tsconfig.base.json ./
COPY common common
COPY api api
COPY storefront storefront
COPY admin admin
# scripts/precompress.mjs writes the .br/.gz copies of the built assets (decision 0055).
COPY scripts/precompress.mjs scripts/
RUN npm run build -w api -w storefront -w admin

# --- Production dependencies of one workspace (npm ci needs every workspace's manifest to match the lock) ---------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY api/package.json api/
COPY proxy/package.json proxy/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
COPY e2e/package.json e2e/

FROM manifests AS api-deps
RUN npm ci --omit=dev --no-audit --no-fund -w api

FROM manifests AS storefront-deps
RUN npm ci --omit=dev --no-audit --no-fund -w storefront

# --- api -----------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
# Dependencies stay owned by root: the process (user node) can read them, not change them.
COPY --from=api-deps /app/node_modules node_modules
COPY --from=api-deps /app/package.json package.json
# The workspace folder: its package.json and any dependency npm could not hoist.
COPY --from=api-deps /app/api api
COPY --from=build /app/api/dist api/dist
USER node
EXPOSE 4000
# SIGTERM reaches node directly (exec form): it stops accepting, finishes in-flight requests, closes its pools.
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/main.js"]

# --- backup: nightly pg_dump to a volume or S3-compatible storage (node api/dist/backup.js, issue 30) -----------------
# pg_dump must be at least the server's version, so this starts from the PostgreSQL image compose runs (17) and
# brings Node in from the Node image (both Debian bookworm).
FROM ${NODE_IMAGE} AS node-runtime

FROM postgres:17-bookworm AS backup
COPY --from=node-runtime /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production BACKUP_DIR=/backups
WORKDIR /app
COPY --from=api-deps /app/node_modules node_modules
COPY --from=api-deps /app/package.json package.json
COPY --from=api-deps /app/api api
COPY --from=build /app/api/dist api/dist
RUN mkdir -p /backups && chown postgres:postgres /backups
USER postgres
STOPSIGNAL SIGTERM
ENTRYPOINT []
CMD ["node", "api/dist/backup.js", "--daily", "03:00", "--keep-days", "14"]

# --- storefront ------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS storefront
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3001
WORKDIR /app
COPY --from=storefront-deps /app/node_modules node_modules
COPY --from=storefront-deps /app/package.json package.json
COPY --from=storefront-deps /app/storefront storefront
COPY --from=build /app/storefront/dist storefront/dist
USER node
EXPOSE 3001
STOPSIGNAL SIGTERM
CMD ["node", "storefront/dist/start.mjs"]

# --- nginx: the front door with the admin build -----------------------------------------------------------------------
# The unprivileged variant of the official image: runs as user nginx (101), listens on 8080, and renders
# /etc/nginx/templates/*.template at start. nginx/15-barberly-env.envsh derives the template's variables first.
FROM nginxinc/nginx-unprivileged:1.28 AS nginx
USER root
RUN rm -f /etc/nginx/conf.d/default.conf && chown -R nginx:0 /etc/nginx && chmod -R g+w /etc/nginx
COPY nginx/nginx.conf.template /etc/nginx/templates/nginx.conf.template
COPY --chmod=755 nginx/15-barberly-env.envsh /docker-entrypoint.d/15-barberly-env.envsh
COPY --from=build /app/admin/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080
# SIGQUIT: nginx's graceful stop (finish in-flight requests, then exit).
STOPSIGNAL SIGQUIT
