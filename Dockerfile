# One image for the API and the worker; docker-compose.yml picks the command.
# Node's major is the project's (.node-version): the tests run on what ships. test/plumbing/docker-image.test.ts
# does what this file says in a clean directory and runs a check on the result.
FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY types types
COPY contract contract
COPY domain domain
COPY infra infra
COPY workflows workflows
COPY activities activities
COPY api api
COPY worker worker
RUN npm run build && npm prune --omit=dev

FROM node:24-trixie-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
USER node
EXPOSE 3000
CMD ["node", "dist/api/main.js"]
