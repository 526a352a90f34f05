import { CRAWLERS } from '../domain/shared/crawlers';
import type { Report } from '../domain/site/report';
import { REPORT_VERSION } from '../domain/shared/report-version';
import { seededRandom } from './seeded-random';

/**
 * A site report shaped and sized like a real one (about 37 KB of JSON and 1,100 values: 39 crawler
 * verdicts, five platform answers of a few KB, issues, keywords, sources, sitemap samples), varied by
 * `seed` so that no two snapshots share their bytes.
 */
export function syntheticReport(seed: number, domain: string, createdAt: Date): Report {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const score = () => Math.round(random() * 1000) / 10;
  const crawlerScore = score();
  const memoryScore = score();
  const platforms = ['ChatGPT', 'Claude', 'Gemini', 'Perplexity', 'DeepSeek'];
  const url = (path: string) => `https://${domain}/${path}`;
  return {
    version: REPORT_VERSION,
    domain,
    createdAt: createdAt.toISOString(),
    durationMs: Math.round(20_000 + random() * 60_000),
    totalScore: Math.round((0.4 * crawlerScore + 0.6 * memoryScore) * 10) / 10,
    crawlerScore,
    memoryScore,
    checks: Array.from({ length: 18 }, (_, index) => ({
      id: `check-${index}`,
      name: `${words(3)} (${index})`,
      status: pick(['pass', 'warn', 'fail', 'info'] as const),
      category: pick(['robots', 'crawlers', 'llms', 'sitemap', 'page', 'retrieval', 'agents'] as const),
      detail: `${words(18)}.`,
    })),
    bots: CRAWLERS.map((crawler) => ({
      token: crawler.token,
      name: crawler.name,
      operator: crawler.operator,
      purpose: crawler.purpose,
      role: crawler.role,
      access: pick(['allowed', 'partial', 'blocked', 'none'] as const),
      ...(crawler.simulate ? { simulated: { status: pick([200, 200, 403]), blocked: random() < 0.2 } } : {}),
    })),
    memory: platforms.map((platform) => ({
      platform,
      status: pick(['known', 'known', 'unknown', 'error'] as const),
      answer: `${domain} ${words(380)}.`,
      reputation: pick(['positive', 'neutral', 'negative', 'unknown'] as const),
      citations: Array.from({ length: 6 }, (_, index) => url(`${pick(WORDS)}/${index}`)),
      model: `${platform.toLowerCase()}-model`,
      latencyMs: Math.round(random() * 30_000),
    })),
    issues: Array.from({ length: 8 }, (_, index) => ({
      level: pick(['critical', 'warning'] as const),
      text: `${words(14)}.`,
      fix: `${words(30)}.`,
      checkId: `check-${index}`,
    })),
    keywords: Array.from({ length: 25 }, () => ({
      keyword: pick(WORDS),
      count: 1 + Math.floor(random() * 5),
      platforms: platforms.slice(0, 1 + Math.floor(random() * 5)),
    })),
    sources: Array.from({ length: 15 }, (_, index) => ({
      url: `https://source-${index}.example/${pick(WORDS)}`,
      domain: `source-${index}.example`,
      count: 1 + Math.floor(random() * 4),
      platforms: platforms.slice(0, 2),
    })),
    citedPages: Array.from({ length: 8 }, (_, index) => ({
      url: url(`page-${index}`),
      title: words(6),
      count: 1 + Math.floor(random() * 3),
      platforms: platforms.slice(0, 3),
    })),
    advisor: Array.from({ length: 4 }, (_, index) => ({
      action: words(8),
      why: words(16),
      gain: Math.round(random() * 200) / 10,
      checkId: `check-${index}`,
    })),
    home: {
      requestedUrl: url(''),
      finalUrl: url(''),
      status: 200,
      redirects: [],
      contentType: 'text/html; charset=utf-8',
      bytes: 48_213,
      truncated: false,
      timeMs: 412,
      https: true,
      requests: 1,
    },
    sitemap: {
      source: 'robots',
      documents: [{ url: url('sitemap.xml'), status: 200, kind: 'urlset', urlCount: 120, compressed: false, tooLarge: false }],
      urlCount: 120,
      sampleUrls: Array.from({ length: 20 }, (_, index) => url(`${pick(WORDS)}-${index}`)),
      offSite: { count: 0, samples: [] },
      blockedByRobots: { count: 0, samples: [] },
      invalidUrls: 0,
      exceedsLimits: false,
      unread: 0,
      errors: [],
      requests: 2,
    },
    requests: { total: 24, byStage: { home: 1, robots: 1, crawlers: 13, 'agent-files': 5, sitemap: 2, 'cited-pages': 2 } },
  } as Report;
}

const WORDS =
  'widget steel reputable durable maker workshop factory pricing review support delivery quality customer service catalogue warranty industrial precision engineering shipping order assembly component design'.split(
    ' ',
  );
