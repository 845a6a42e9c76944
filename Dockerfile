# Attest: multi-stage image. CI builds this file as it is with podman and runs the image on a volume
# and on PostgreSQL (scripts/ci/container-check.sh). In production the server refuses to start
# without PUBLIC_URL and SMTP_URL: pass both (README, "In a container").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# HEALTH_PORT: /healthz and /readyz answered by a thread of their own, never queued behind busy requests.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 HEALTH_PORT=3001 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/start.mjs ./scripts/start.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||process.env.PORT)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and receives SIGTERM itself; run with `docker run --init` for zombie reaping.
CMD ["node", "dist/node/main.js"]
