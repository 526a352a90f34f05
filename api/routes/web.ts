import { dirname, join } from 'node:path';
import { Router } from 'express';
import type { RateLimitedOperation } from '../../domain/shared/rate-limits';
import type { OfferedPlatform } from '../../domain/shared/platform-choice';
import { openApiDocument } from '../openapi';
import { docsPage } from '../overview-pages/docs-page';
import { homePage } from '../overview-pages/home-page';

const PUBLIC_DIR = join(__dirname, '..', 'public');
/** The SSE parser the web page uses: the same library as the tests, its ESM build, no bundling step. */
const SSE_PARSER = join(dirname(require.resolve('eventsource-parser/package.json')), 'dist', 'index.js');
const SCRIPT_HEADERS = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** GET /: the web version a site owner uses in a browser; /docs and /openapi.json describe the API. */
export function webRoutes(
  publicBaseUrl: string,
  limits: Record<RateLimitedOperation, number>,
  platforms: readonly OfferedPlatform[],
  monitorsMax?: number,
): Router {
  const router = Router();
  const page = homePage(publicBaseUrl, platforms).toString();
  const docs = docsPage(publicBaseUrl, limits).toString();
  const openApi = openApiDocument(publicBaseUrl, limits, platforms, monitorsMax);
  router.get('/docs', (_req, res) => res.type('html').set('Cache-Control', 'public, max-age=300').send(docs));
  router.get('/openapi.json', (_req, res) => res.set('Cache-Control', 'public, max-age=300').json(openApi));
  router.get('/', (_req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(page);
  });
  router.get('/assets/check.js', (_req, res) => res.set(SCRIPT_HEADERS).sendFile(join(PUBLIC_DIR, 'check.js')));
  router.get('/assets/crawler-logs.js', (_req, res) => res.set(SCRIPT_HEADERS).sendFile(join(PUBLIC_DIR, 'crawler-logs.js')));
  router.get('/assets/eventsource-parser.js', (_req, res) => res.set(SCRIPT_HEADERS).sendFile(SSE_PARSER));
  return router;
}
