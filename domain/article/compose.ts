import type { ArticleVerdict } from './lens';
import { totalCostUsd } from '../shared/cost';
import { answerEvidence, type PlatformReply } from '../shared/platform-reply';
import { confidenceOf, formatPercent, wilson } from '../shared/rate';
import { REPORT_VERSION } from '../shared/report-version';
import type { Market } from '../shared/market';
import { answerMarket, reportMarkets } from '../shared/markets';
import { marketKey } from '../shared/market';
import { marketSections } from '../shared/market-comparison';
import { ARTICLE_METRICS } from './metrics';
import { judgedCoverage, type AnswerJudgement } from './judge';
import type { KeyPoint } from './key-points';
import type { ArticleQuestion } from './questions';
import type { ArticleAnswer, ArticleReport } from './report-schema';

/**
 * Composes an article check from the analysed replies (docs/checks/article.md). Pure and light
 * (types only from the schema), so it runs in workflow code. Measures count the answers that answered.
 */

export interface ArticleFacts {
  url: string;
  finalUrl: string;
  canonicalUrl?: string;
  domain: string;
  title: string;
  language?: string;
  wordCount: number;
  publishedAt?: string;
  headings: string[];
  keyPoints: KeyPoint[];
}

export interface ArticleComposeInput {
  article: ArticleFacts;
  /** The markets asked in; none (or `[undefined]`): no location. */
  markets?: readonly (Market | undefined)[];
  questions: readonly ArticleQuestion[];
  replies: readonly { questionId: string; reply: PlatformReply<ArticleVerdict>; market?: Market }[];
  startedAt: Date;
  finishedAt: Date;
  /** The analysis model's judgement of each reply (by index), when it gave one: coverageMethod "model". */
  judgements?: readonly (AnswerJudgement | undefined)[];
  /** What the analysis platform's requests (questions, coverage judge) cost; counted in costUsd. */
  analysisCostUsd?: number | null;
}

const mean = (values: readonly number[]) =>
  values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1000) / 1000 : 0;

export function composeArticleReport({
  article,
  markets,
  questions,
  replies,
  startedAt,
  finishedAt,
  judgements,
  analysisCostUsd,
}: ArticleComposeInput): ArticleReport {
  const coverageMethod = judgements ? 'model' : 'lexical';
  const answers = replies.map(({ questionId, reply, market }, index) =>
    answerOf(questionId, reply, judgements?.[index], article.keyPoints.length, market),
  );
  const answered = answers.filter((answer) => answer.status === 'answered');
  const covered = new Set(answered.flatMap((answer) => answer.coveredKeyPoints));
  const metrics = {
    answers: answered.length,
    coverage: mean(answered.map((answer) => answer.coverage)),
    unionCoverage: article.keyPoints.length ? Math.round((covered.size / article.keyPoints.length) * 1000) / 1000 : 0,
    urlCitationRate: wilson(answered.filter((answer) => answer.citesUrl).length, answered.length),
    domainCitationRate: wilson(answered.filter((answer) => answer.citesDomain).length, answered.length),
  };
  const platforms = [...new Set(answers.map((answer) => answer.platform))];
  const byPlatform = platforms.map((platform) => {
    const mine = answered.filter((answer) => answer.platform === platform);
    return {
      platform,
      answers: mine.length,
      errors: answers.filter((answer) => answer.platform === platform && answer.status === 'error').length,
      coverage: mean(mine.map((answer) => answer.coverage)),
      urlCitationRate: wilson(mine.filter((answer) => answer.citesUrl).length, mine.length),
      domainCitationRate: wilson(mine.filter((answer) => answer.citesDomain).length, mine.length),
    };
  });

  const given = (markets ?? []).filter((market): market is Market => market !== undefined);
  const byMarket = given.map((market) => {
    const key = marketKey(market);
    const inMarket = (answer: ArticleAnswer) => answer.market !== undefined && marketKey(answer.market) === key;
    const mine = answered.filter(inMarket);
    return {
      market: { country: market.country, language: market.language, ...(market.city ? { city: market.city } : {}) },
      key,
      answers: mine.length,
      errors: answers.filter((answer) => inMarket(answer) && answer.status === 'error').length,
      coverage: mean(mine.map((answer) => answer.coverage)),
      urlCitationRate: wilson(mine.filter((answer) => answer.citesUrl).length, mine.length),
      domainCitationRate: wilson(mine.filter((answer) => answer.citesDomain).length, mine.length),
    };
  });

  const citation = metrics.urlCitationRate.count === 0 ? 'none' : metrics.urlCitationRate.value < 0.5 ? 'some' : 'strong';
  const coverage = metrics.coverage < 0.3 ? 'low' : metrics.coverage < 0.6 ? 'partial' : 'high';
  const summary = citation !== 'none' ? 'cited' : coverage !== 'low' ? 'used-not-credited' : 'not-used';
  const report: ArticleReport = {
    kind: 'article',
    version: REPORT_VERSION,
    ...article,
    ...reportMarkets(markets),
    coverageMethod,
    questions: [...questions],
    answers,
    metrics,
    byPlatform,
    ...marketSections(byMarket, ARTICLE_METRICS),
    verdict: { citation, coverage, summary, text: '' },
    confidence: confidenceOf([metrics.urlCitationRate]),
    advice: [],
    createdAt: finishedAt.toISOString(),
    durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    costUsd: totalCostUsd([...answers.map((answer) => answer.costUsd), analysisCostUsd]),
  };
  report.verdict.text = verdictText(report);
  report.advice = adviceFor(report);
  return report;
}

function answerOf(
  questionId: string,
  reply: PlatformReply<ArticleVerdict>,
  judgement: AnswerJudgement | undefined,
  pointCount: number,
  asked: Market | undefined,
): ArticleAnswer {
  const market = answerMarket(asked, reply.market);
  const base = {
    questionId,
    platform: reply.platform,
    answer: reply.answer,
    citations: reply.citations,
    model: reply.model,
    ...answerEvidence(reply),
    ...(market ? { market } : {}),
  };
  const none = { citesUrl: false, citesDomain: false, coverage: 0, coveredKeyPoints: [] };
  if (reply.status === 'error') return { ...base, status: 'error', ...none, error: reply.error };
  if (reply.status !== 'answered') return { ...base, status: reply.status, reason: reply.reason, ...none };
  if (!judgement) return { ...base, status: 'answered', ...reply.verdict };
  return {
    ...base,
    status: 'answered',
    ...reply.verdict,
    coverage: judgedCoverage(judgement, pointCount),
    coveredKeyPoints: judgement.supported,
    partlyCoveredKeyPoints: judgement.partial,
  };
}

function verdictText(report: ArticleReport): string {
  const { metrics, verdict } = report;
  if (metrics.answers === 0)
    return 'No platform gave a usable answer, so nothing can be said about this article yet; check the platform errors and run the check again.';
  const used = `The answers cover ${formatPercent(metrics.coverage)} of the article's key points on average (${formatPercent(metrics.unionCoverage)} are covered by at least one answer)`;
  const cited = `${metrics.urlCitationRate.count} of ${metrics.answers} answers cite the article itself`;
  const sentence = {
    cited: `Cited: ${cited}. ${used}.`,
    'used-not-credited': `Used but not credited: ${used}, yet no answer cites the article.`,
    'not-used': `Not used: ${used}, and no answer cites the article.`,
  }[verdict.summary];
  return metrics.domainCitationRate.count > metrics.urlCitationRate.count
    ? `${sentence} ${metrics.domainCitationRate.count} cite other pages of ${report.domain}.`
    : sentence;
}

/** Prioritised advice from the verdict and the article (docs/checks/article.md), each with why. */
function adviceFor(report: ArticleReport): ArticleReport['advice'] {
  const { verdict, metrics, domain } = report;
  const advice: { action: string; why: string }[] = [];
  const add = (action: string, why: string) => advice.push({ action, why });
  if (verdict.summary === 'not-used') {
    add(
      'Make sure AI search crawlers can fetch the page (run the site check on this domain), and that the page answers the questions people ask',
      `The answers cover ${formatPercent(metrics.coverage)} of the article's key points: the assistants do not seem to find or use it. Relevance and retrieval come before any other tactic.`,
    );
    add(
      'Say the answer in the first paragraph and in headings worded as the questions',
      'Assistants lift direct answers; headings that match the question help them pick the passage.',
    );
  }
  if (verdict.summary === 'used-not-credited') {
    add(
      'Add what only this article has: original data, named quotations, concrete figures and dates',
      'The answers repeat its points without citing it: facts anyone could state earn no citation, unique ones do (GEO, KDD 2024: +30–40% visibility from quotations and statistics).',
    );
    add(
      `Name the brand and ${domain} in the text, next to the key facts`,
      'An answer that uses a passage is more likely to credit it when the passage says whose it is.',
    );
  }
  if (verdict.summary === 'cited' && verdict.citation === 'strong') {
    add(
      'Keep the article the source: update its figures and dates, and keep its address stable',
      `${metrics.urlCitationRate.count} of ${metrics.answers} answers cite it; assistants prefer fresh sources, and a moved page loses its citations.`,
    );
  }
  if (verdict.summary === 'cited' && verdict.citation === 'some') {
    add(
      'Strengthen the passages the citing answers used, and link to this article from related pages',
      `${metrics.urlCitationRate.count} of ${metrics.answers} answers cite it: it is a source, not yet the default one.`,
    );
  }
  if (metrics.domainCitationRate.count > metrics.urlCitationRate.count) {
    add(
      `Point the other pages of ${domain} that assistants cite to this article, or merge them`,
      `Answers cite ${domain} ${metrics.domainCitationRate.count} times but this article ${metrics.urlCitationRate.count} times: another page takes the credit.`,
    );
  }
  if (!report.canonicalUrl)
    add(
      'Declare the article’s address with rel=canonical',
      'Without it, copies and tracking variants of the URL compete for the same citations.',
    );
  else if (report.canonicalUrl !== report.finalUrl)
    add(
      'Check that rel=canonical names this article',
      `The page declares ${report.canonicalUrl} as its address, so assistants may cite that instead.`,
    );
  if (!report.publishedAt)
    add(
      'Add a visible date and datePublished/dateModified (Article JSON-LD)',
      'Assistants prefer recent, dated sources for questions that change over time.',
    );
  if (verdict.coverage !== 'high')
    add(
      'Cover the questions readers ask with one section each, with figures and sources',
      `The key points most answers miss: ${
        report.keyPoints
          .filter((point) => !report.answers.some((answer) => answer.coveredKeyPoints.includes(point.id)))
          .slice(0, 2)
          .map((point) => `“${point.text}”`)
          .join(' ') || 'none'
      }.`,
    );
  add('Run this check again after changes, and each month', 'Answers vary from run to run; one check is a sample, several show a trend.');
  return advice.slice(0, 6).map((item, index) => ({ priority: index + 1, ...item }));
}
