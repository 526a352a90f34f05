import type { ArticleReport } from '../article/report-schema';
import type { BrandReport } from '../brand/report-schema';
import type { Report } from '../site/report';
import type { KindedReport } from '../check-outcome';
import { marketKey } from '../shared/market';
import type { CheckKind } from '../shared/check-kinds';

/**
 * What a monitor compares from one run, extracted from the report when the snapshot is saved and kept
 * beside it, so a trend or an alert reads a few hundred bytes per run instead of the whole report.
 */
export interface Observation {
  kind: CheckKind;
  /** Rates as counts: the Wilson band and the Newcombe interval need the sample size. */
  rates: Record<string, { count: number; total: number }>;
  /** Numbers without a sample size (scores, coverage). */
  values: Record<string, number>;
  /** A site's per-platform status (known, unknown or error), keyed by the platform's name. */
  platforms?: Record<string, string>;
  /** Per answer ("question × platform"), whether it counted for each rate: the evidence of what flipped. */
  answers?: Record<string, Record<string, boolean>>;
  /** A site's state that changes without statistics. */
  site?: SiteState;
}

export interface SiteState {
  /** robots.txt access per crawler token. */
  crawlers: Record<string, string>;
  /** Undefined when the stage could not be read this time. */
  robotsTxt?: boolean;
  llmsTxt?: boolean;
  /** Each check's status and sentence. */
  checks: Record<string, { name: string; status: string; detail: string }>;
}

/** Which answer flag counts for a rate, for the evidence of a change. */
const BRAND_FLAGS = { mentionRate: 'mentioned', firstRecommendationRate: 'firstRecommended', citationRate: 'brandCited' } as const;

const counts = (rate: { count: number; total: number }) => ({ count: rate.count, total: rate.total });

export function observe(stored: KindedReport): Observation {
  switch (stored.kind) {
    case 'brand':
      return observeBrand(stored.report);
    case 'article':
      return observeArticle(stored.report);
    case 'site':
      return observeSite(stored.report);
    case 'traffic':
      throw new Error('crawler-traffic reports are not monitored');
  }
}

function observeBrand(report: BrandReport): Observation {
  const { metrics } = report;
  const branded = new Set(report.questions.filter((question) => question.branded).map((question) => question.id));
  const text = new Map(report.questions.map((question) => [question.id, question.text]));
  const multipleRuns = report.answers.some((answer) => answer.run > 1);
  const answers: Observation['answers'] = {};
  for (const answer of report.answers) {
    if (branded.has(answer.questionId) || answer.status !== 'answered') continue;
    const key = `${text.get(answer.questionId) ?? answer.questionId} × ${answer.platform}${answer.market ? ` in ${marketKey(answer.market)}` : ''}${multipleRuns ? ` (run ${answer.run})` : ''}`;
    answers[key] = Object.fromEntries(Object.entries(BRAND_FLAGS).map(([metric, flag]) => [metric, answer[flag]]));
  }
  // One series per market (`mentionRate@DE-de`), beside the pooled rates.
  const byMarket = Object.fromEntries(
    (report.byMarket ?? []).flatMap((row) => [
      [`mentionRate@${row.key}`, counts(row.mentionRate)],
      [`firstRecommendationRate@${row.key}`, counts(row.firstRecommendationRate)],
      [`citationRate@${row.key}`, counts(row.citationRate)],
    ]),
  );
  return {
    kind: 'brand',
    rates: {
      mentionRate: counts(metrics.mentionRate),
      firstRecommendationRate: counts(metrics.firstRecommendationRate),
      shareOfVoice: counts(metrics.shareOfVoice),
      citationRate: counts(metrics.citationRate),
      ...byMarket,
    },
    values: {},
    answers,
  };
}

function observeArticle(report: ArticleReport): Observation {
  const text = new Map(report.questions.map((question) => [question.id, question.text]));
  const answers: Observation['answers'] = {};
  for (const answer of report.answers) {
    if (answer.status !== 'answered') continue;
    answers[`${text.get(answer.questionId) ?? answer.questionId} × ${answer.platform}${answer.market ? ` in ${marketKey(answer.market)}` : ''}`] = { urlCitationRate: answer.citesUrl };
  }
  const byMarket = Object.fromEntries((report.byMarket ?? []).map((row) => [`urlCitationRate@${row.key}`, counts(row.urlCitationRate)]));
  return { kind: 'article', rates: { urlCitationRate: counts(report.metrics.urlCitationRate), ...byMarket }, values: { unionCoverage: report.metrics.unionCoverage }, answers };
}

function observeSite(report: Report): Observation {
  const robotsCheck = report.checks.find((check) => check.id === 'robots-txt');
  const robotsTxt = robotsCheck === undefined || robotsCheck.status === 'info' || robotsCheck.status === 'fail' ? undefined : robotsCheck.status === 'pass';
  const llmsTxt = report.agentFiles ? report.agentFiles.llmsTxt !== undefined || report.agentFiles.files.some((file) => file.path === '/llms.txt' && file.present) : undefined;
  return {
    kind: 'site',
    rates: {},
    values: { totalScore: report.totalScore, crawlerScore: report.crawlerScore, memoryScore: report.memoryScore },
    platforms: Object.fromEntries(report.memory.map((result) => [result.platform, result.status])),
    site: {
      // A robots.txt that could not be read says nothing about access: no crawler verdicts to compare.
      crawlers: robotsTxt === undefined ? {} : Object.fromEntries(report.bots.map((bot) => [bot.token, bot.access])),
      robotsTxt,
      llmsTxt,
      checks: Object.fromEntries(report.checks.map((check) => [check.id, { name: check.name, status: check.status, detail: check.detail }])),
    },
  };
}
