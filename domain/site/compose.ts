import { extractKeywords } from './aggregate';
import { totalCostUsd } from '../shared/cost';
import { evaluateChecks, type SiteStages } from './checks';
import { CRAWLERS } from '../shared/crawlers';
import type { Bot, CitedPage, Report, Source } from './report';
import { REPORT_VERSION } from '../shared/report-version';
import { advise, collectIssues, crawlerScore, memoryScore, totalScore } from './scoring';

export interface ComposeInput {
  stages: SiteStages;
  brand: string;
  /** aggregateSources(stages.memory), which the workflow already needed for the cited pages. */
  sources: Source[];
  citedPages?: CitedPage[];
  /** Requests made to the site, per stage. */
  requests: Record<string, number>;
  startedAt: Date;
  finishedAt: Date;
}

/** The report from the stages' results. Pure: the workflow runs it, so it must stay deterministic. */
export function composeReport({ stages, brand, sources, citedPages, requests, startedAt, finishedAt }: ComposeInput): Report {
  const checks = evaluateChecks(stages);
  const crawler = crawlerScore(checks);
  const memory = memoryScore(stages.memory, stages.domain);
  const answered = stages.memory.some((result) => result.status !== 'error');

  return {
    version: REPORT_VERSION,
    domain: stages.domain,
    createdAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    totalScore: totalScore(crawler, memory),
    crawlerScore: crawler,
    memoryScore: memory,
    checks: checks.map(({ id, name, status, category, detail }) => ({ id, name, status, category, detail })),
    bots: bots(stages),
    memory: stages.memory,
    issues: collectIssues(checks, stages.memory, stages.domain),
    keywords: answered ? extractKeywords(stages.memory, stages.domain, brand) : undefined,
    sources: answered ? sources : undefined,
    citedPages: answered ? (citedPages ?? []) : undefined,
    pageSignals: stages.home.signals,
    agentFiles: stages.agentFiles,
    retrieval: stages.retrieval,
    advisor: advise(checks, stages.memory, stages.domain),
    home: stages.home,
    sitemap: stages.sitemap,
    requests: { total: Object.values(requests).reduce((sum, count) => sum + count, 0), byStage: requests },
    costUsd: totalCostUsd(stages.memory.map((result) => result.costUsd)),
  };
}

function bots({ robots, simulation }: SiteStages): Bot[] {
  return CRAWLERS.map((crawler) => {
    const simulated = simulation?.crawlers.find((entry) => entry.token === crawler.token);
    return {
      token: crawler.token,
      name: crawler.name,
      operator: crawler.operator,
      purpose: crawler.purpose,
      role: crawler.role,
      access: robots?.bots.find((bot) => bot.token === crawler.token)?.access ?? 'none',
      ...(simulated && {
        simulated: { status: simulated.status, blocked: simulated.blocked, ...(simulated.charged && { charged: simulated.charged }) },
      }),
    };
  });
}
