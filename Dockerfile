# syntax=docker/dockerfile:1
# Build with Bun, run the compiled single binary on a slim base as a non-root user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Node 20's images bring npm 10, which ignores package.json's allowScripts (the install-script
# policy): the project asks for npm 11.18 or newer (engines, with engine-strict in .npmrc).
RUN npm install -g --no-audit --no-fund npm@11.19.1
# Everything the install needs: postinstall converts the model and indexes the bundled corpus.
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM debian:bookworm-slim AS runtime
RUN useradd --create-home --uid 10001 app && mkdir /data && chown app /data
COPY --from=build /app/dist/movie-discovery /usr/local/bin/movie-discovery
USER app
WORKDIR /home/app
# The embedded database lives in /data unless DATABASE_URL points at Postgres. In production
# the service refuses to start without JWT_SECRET (replicas must share one key). On its first
# start the binary unpacks its assets into /home/app/.cache/movie-discovery, in the
# container's own layer: they belong to the build, not to the data.
ENV DATA_DIR=/data PORT=8000 NODE_ENV=production
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["movie-discovery", "health"]
ENTRYPOINT ["movie-discovery"]
CMD ["serve"]
