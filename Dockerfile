# syntax=docker/dockerfile:1
# The parts shop in one image: the bundled Fastify server and the built web app it serves.
# Build: docker build -t parts-shop .      Run several: see deploy/compose.yaml and the README.
# deploy/check.sh performs the runtime stage's steps without Docker in CI.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency (dev ones too), then the web app and the server bundle -----------
FROM ${NODE_IMAGE} AS build
# Every native package (better-sqlite3, sharp, argon2) brings its prebuilt binary: no compilers.
WORKDIR /src
# Manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: the server's production dependencies only (native ones built here, not at runtime) --
FROM build AS deps
WORKDIR /deps
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/packages/contract/package.json packages/contract/
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/web/package.json apps/web/
COPY --from=build /src/e2e/package.json e2e/
COPY --from=build /src/bench/package.json bench/
# The bundle keeps npm packages external and imports only the server's dependencies.
RUN npm ci --omit=dev --workspace @shop/server --include-workspace-root=false --no-audit --no-fund

# --- runtime: no compilers, no dev dependencies, no sources --------------------------------------
FROM ${NODE_IMAGE} AS runtime
# PUBLIC_URL (the shop's address as browsers reach it) must be given at `docker run`: production
# refuses to start without it, since every mailed link is made on it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/shop \
    UPLOADS_DIR=/var/lib/shop/uploads
WORKDIR /app
COPY --from=deps /deps/node_modules ./node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/demo-images apps/server/demo-images
COPY --from=build /src/apps/server/demo-documents apps/server/demo-documents
COPY --from=build /src/apps/web/dist apps/web/dist
# The web app's server build, which renders the public pages (it carries React in its own files).
COPY --from=build /src/apps/web/dist-ssr apps/web/dist-ssr
# The node image's unprivileged user; it owns only the data folder.
RUN mkdir -p /var/lib/shop/uploads && chown -R node:node /var/lib/shop
USER node
VOLUME ["/var/lib/shop"]
EXPOSE 3000
# No curl in the slim image: node asks /api/health (503 while the database is away).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself as PID 1 receives SIGTERM and stops gracefully (requests in flight finish).
# The young generation held to 16 MiB semi-spaces, as npm start runs it (docs/operations.md, Memory).
CMD ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
