# Multi-stage: dependencies are installed in a build stage, the runtime image holds only
# production dependencies, the sources, and runs as an unprivileged user.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The `node` devDependency pins Node 24 for machines that ship an older Node; the image
# already is Node 24, so production dependencies only.
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY migrations ./migrations
COPY views ./views
COPY public ./public
COPY locales ./locales
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "src/main.ts"]
