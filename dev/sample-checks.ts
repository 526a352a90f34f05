import { Readable } from 'node:stream';
import type { CheckKind } from '../domain/shared/check-kinds';
import type { CheckClient, StartedCheck } from '../infra/check-client';
import type { CrawlerLogStore } from '../infra/crawler-log-store';
import { storeCrawlerLog } from '../infra/crawler-log-upload';
import { BRAND, BRAND_DOMAIN, KEYWORD } from './brand-answers';
import { sampleLog } from './crawler-logs';
import { ARTICLE_URL, FIXTURE_HOSTS } from './fixture-sites';

export interface SampleCheckDependencies {
  checks: CheckClient;
  /** Where a crawler-traffic check's upload is stored, as the gateway stores one. */
  logs: CrawlerLogStore;
  /** A name no other upload takes. */
  uploadId: string;
  /** The crawler-traffic check's log length. */
  logLines: number;
}

/**
 * One check of each kind on the loopback fixtures, as `npm run record-histories` and `npm run soak`
 * start them, with the name of its recorded history (test/fixtures/histories/<history>.json, which
 * the replay test requires for every kind). A new kind does not compile until it has its entry here
 * (docs/architecture.md, "Adding a kind of check").
 */
export const SAMPLE_CHECKS = {
  site: { history: 'site-check', start: ({ checks }) => checks.start('site', { url: FIXTURE_HOSTS.healthy }) },
  brand: {
    history: 'brand-diagnosis',
    start: ({ checks }) => checks.start('brand', { keyword: KEYWORD, brand: BRAND, domain: BRAND_DOMAIN }),
  },
  article: { history: 'article-check', start: ({ checks }) => checks.start('article', { url: ARTICLE_URL }) },
  traffic: { history: 'crawler-traffic', start: startTraffic },
} as const satisfies { [K in CheckKind]: { history: string; start(dependencies: SampleCheckDependencies): Promise<StartedCheck> } };

/** The name of a kind's recorded history. */
export type HistoryName = (typeof SAMPLE_CHECKS)[CheckKind]['history'];

export const HISTORY_NAMES = Object.values(SAMPLE_CHECKS).map((sample) => sample.history);

/** A crawler-traffic check of a generated log, stored as the gateway stores an upload, then started. */
async function startTraffic({ checks, logs, uploadId, logLines }: SampleCheckDependencies): Promise<StartedCheck> {
  const upload = await storeCrawlerLog(Readable.from([Buffer.from(sampleLog(logLines))]), logs, uploadId, { maxBytes: 1e9, maxLines: 1e7 });
  if (!upload.stored) throw new Error(`the sample log was refused: ${upload.problem}`);
  return checks.start('traffic', { domain: FIXTURE_HOSTS.blocking, uploadId, parts: upload.parts, format: upload.format });
}
