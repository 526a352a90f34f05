import { createGunzip } from 'node:zlib';
import { isAllowed, type RobotsRule } from '../domain/site/robots';
import { SitemapReader, type SitemapSummary } from '../domain/site/sitemap-reader';
import type { SitemapDocument, SitemapResult } from '../domain/site/stage-results';
import { SiteFetchError, type SiteFetcher } from '../infra/site-fetcher';
import type { SiteAccess } from './support/site-access';
import { REDIRECTS, SITEMAP_MAX_DOCUMENTS } from '../domain/site/request-budget';

/** sitemaps.org: 50 MB uncompressed per file. Enforced while streaming, never by holding the body. */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** How deep sitemap indexes are followed (REQUEST_BUDGET's SITEMAP_MAX_DOCUMENTS: documents read per check). */
export const SITEMAP_MAX_DEPTH = 2;
/** The whole stage, all documents: well inside the activity's 90 s start-to-close timeout. */
export const SITEMAP_STAGE_DEADLINE_MS = 60_000;
const DOCUMENT_TIMEOUT_MS = 20_000;

export interface SitemapInput {
  homeUrl: string;
  domain: string;
  /** Sitemap: lines of robots.txt. */
  declared: string[];
  /** robots.txt rules of the `*` group, to find listed URLs that robots.txt blocks. */
  genericRules: RobotsRule[];
}

/** Reads one document as it streams: gzip recognised by its magic bytes, decompressed size capped. */
async function readDocument(
  fetcher: SiteFetcher,
  url: string,
  reader: SitemapReader,
  timeoutMs: number,
): Promise<Omit<SitemapDocument, 'kind' | 'urlCount'>> {
  const decoder = new TextDecoder();
  let gunzip: ReturnType<typeof createGunzip> | undefined;
  let decompressed = 0;
  let tooLarge = false;
  let first = true;
  let gunzipDone: Promise<void> = Promise.resolve();
  let finishGunzip: () => void = () => undefined;
  const feed = (bytes: Buffer) => {
    if (tooLarge) return;
    decompressed += bytes.length;
    if (decompressed > SITEMAP_MAX_BYTES) {
      tooLarge = true;
      // A gzip bomb: stop inflating at once rather than working through what is queued.
      gunzip?.destroy();
      finishGunzip();
      return;
    }
    reader.write(decoder.decode(bytes, { stream: true }));
  };

  try {
    const response = await fetcher.fetch(url, {
      maxBytes: SITEMAP_MAX_BYTES,
      maxRedirects: REDIRECTS.resource,
      timeoutMs,
      accept: 'application/xml,text/xml,text/plain,application/gzip,*/*;q=0.5',
      onChunk: (chunk) => {
        if (first) {
          first = false;
          if (chunk[0] === 0x1f && chunk[1] === 0x8b) {
            gunzip = createGunzip();
            gunzip.on('data', feed);
            gunzipDone = new Promise((resolve) => {
              finishGunzip = resolve;
              gunzip!.on('end', resolve);
              gunzip!.on('error', () => resolve());
            });
          }
        }
        if (tooLarge) return false;
        if (gunzip) gunzip.write(chunk);
        else feed(chunk);
        return !tooLarge;
      },
    });
    if (gunzip && !tooLarge) {
      gunzip.end();
      await gunzipDone;
    }
    if (!tooLarge) reader.write(decoder.decode());
    // Cut at the size cap (not by the deadline, which also leaves the body truncated).
    if (!gunzip && response.bytes >= SITEMAP_MAX_BYTES) tooLarge = true;
    const error =
      response.status >= 400 ? `answers HTTP ${response.status}` : tooLarge ? 'is larger than the 50 MB sitemaps.org limit' : undefined;
    return { url, status: response.status, compressed: Boolean(gunzip), tooLarge, error };
  } catch (error) {
    if (!(error instanceof SiteFetchError)) throw error;
    return { url, status: null, compressed: false, tooLarge: false, error: `could not be fetched (${error.code})` };
  } finally {
    gunzip?.destroy();
  }
}

/** The site's sitemaps: those robots.txt declares, else /sitemap.xml; indexes followed to a bounded depth and count. */
export function createReadSitemaps(site: SiteAccess) {
  return async function readSitemaps(input: SitemapInput): Promise<SitemapResult> {
    const fetcher = site.fetcherFor('sitemap');
    const source: SitemapResult['source'] = input.declared.length > 0 ? 'robots' : 'default';
    const queue = (input.declared.length > 0 ? input.declared : [new URL('/sitemap.xml', input.homeUrl).toString()]).map((url) => ({
      url,
      depth: 0,
    }));
    const seen = new Set<string>();
    const documents: SitemapDocument[] = [];
    const summaries: SitemapSummary[] = [];
    let unread = 0;
    const isBlockedByRobots = (url: string) => !isAllowed(input.genericRules, url);
    const deadline = Date.now() + SITEMAP_STAGE_DEADLINE_MS;

    while (queue.length > 0) {
      const { url, depth } = queue.shift()!;
      if (seen.has(url)) continue;
      const timeLeft = deadline - Date.now();
      if (documents.length >= SITEMAP_MAX_DOCUMENTS || timeLeft < 1_000) {
        unread++;
        continue;
      }
      seen.add(url);
      const reader = new SitemapReader({ siteHost: input.domain, isBlockedByRobots });
      const document = await readDocument(fetcher, url, reader, Math.min(DOCUMENT_TIMEOUT_MS, timeLeft));
      const summary = reader.close();
      const fetched = document.status !== null && document.status < 400;
      documents.push({
        ...document,
        kind: fetched ? summary.kind : 'unknown',
        urlCount: fetched ? summary.urlCount : 0,
        error: document.error ?? (fetched ? summary.errors[0] : undefined),
      });
      if (!fetched) continue;
      summaries.push(summary);
      if (summary.kind === 'sitemapindex') {
        if (depth + 1 >= SITEMAP_MAX_DEPTH) unread += summary.childSitemaps.length;
        else queue.push(...summary.childSitemaps.map((child) => ({ url: child, depth: depth + 1 })));
      }
    }
    return combine(source, documents, summaries, unread, fetcher.requestsMade);
  };
}

function combine(
  source: SitemapResult['source'],
  documents: SitemapDocument[],
  summaries: SitemapSummary[],
  unread: number,
  requests: number,
): SitemapResult {
  const pages = summaries.filter((summary) => summary.kind === 'urlset' || summary.kind === 'text');
  const merge = (pick: (summary: SitemapSummary) => { count: number; samples: string[] }) => ({
    count: summaries.reduce((sum, summary) => sum + pick(summary).count, 0),
    samples: summaries.flatMap((summary) => pick(summary).samples).slice(0, 5),
  });
  const newest = summaries
    .map((summary) => summary.lastmod)
    .filter((lastmod) => lastmod.newest !== undefined)
    .sort((a, b) => (a.newestAgeDays ?? Infinity) - (b.newestAgeDays ?? Infinity))[0];
  const errors = documents.filter((document) => document.error).map((document) => `${document.url} ${document.error}`);
  return {
    source: documents.length === 1 && source === 'default' && documents[0]!.status === 404 ? 'none' : source,
    documents,
    urlCount: pages.reduce((sum, summary) => sum + summary.urlCount, 0),
    sampleUrls: pages.flatMap((summary) => summary.sampleUrls).slice(0, 20),
    newestLastmod: newest?.newest,
    newestAgeDays: newest?.newestAgeDays,
    offSite: merge((summary) => summary.offSite),
    blockedByRobots: merge((summary) => summary.blockedByRobots),
    invalidUrls: summaries.reduce((sum, summary) => sum + summary.invalidUrls.count, 0),
    exceedsLimits: summaries.some((summary) => summary.exceedsUrlLimit) || documents.some((document) => document.tooLarge),
    unread,
    errors: errors.slice(0, 10),
    requests,
  };
}
