import { composeArticleReport } from '../domain/article/compose';
import { JUDGED_ANSWER_CHARS } from '../domain/article/judge';
import { totalCostUsd } from '../domain/shared/cost';
import { articleOutcome, type ArticleOutcome } from '../domain/check-outcome';
import type { ArticleLens } from '../domain/article/lens';
import { askEveryPlatform } from './ask-platforms';
import { afterMonitoredRun, snapshotIdOf, type MonitorRunInput } from './monitor-run';
import { settingsOfRun } from './run-settings';
import { Progress } from './progress';
import { saveReport } from './save-report';
import { analysisStages, judgeCoverage } from './analysis-stages';
import { local, site } from './stage-options';
import type { Market } from '../domain/shared/market';
import { marketsOf } from '../domain/shared/markets';
import { marketQuestions, planLanguages } from './market-questions';

export interface ArticleCheckInput {
  /** The article's address, as given. */
  url: string;
  /** The platform ids to ask (checked by the gateway); unset: every assistant and every configured surface. */
  platforms?: string[];
  /** Absent in a monitor's scheduled run, which makes its own. */
  snapshotId?: string;
  /** Set when a monitor's schedule started the run. */
  monitor?: MonitorRunInput;
  /** Where the questions are asked from (one, or up to 5 with `markets`); unset: no location, the article's language. */
  market?: Market;
  markets?: Market[];
}

/**
 * One article GEO check: fetch and read the article, ask every platform the questions it answers,
 * then measure how much of it the answers use (coverage) and whether they cite it.
 */
export async function articleCheckWorkflow({
  url,
  snapshotId: given,
  monitor,
  platforms: requested,
  ...choice
}: ArticleCheckInput): Promise<ArticleOutcome> {
  const snapshotId = snapshotIdOf(given);
  const startedAt = new Date();
  const progress = new Progress();
  const { platforms, analysisPlatform } = await settingsOfRun({ scope: 'survey', requested });

  const target = await progress.required('normalise', 'Reading the address', local.normaliseCheckTarget, url);
  const article = await progress.required('article', `Fetching and reading the article on ${target.host}`, site.fetchArticle, {
    url,
    target,
  });
  const analysis = analysisStages(analysisPlatform);
  // One set of questions per language the markets speak, asked in every market of that language.
  const markets = marketsOf(choice);
  const languages = planLanguages(markets);
  const plans = await Promise.all(
    languages.map((questionLanguage) =>
      progress.required(
        languages.length > 1 ? `questions:${questionLanguage}` : 'questions',
        `Writing the questions “${article.title}” answers`,
        analysis.planArticleQuestions,
        {
          title: article.title,
          headings: article.headings,
          keyPoints: article.keyPoints,
          language: article.language,
          ...(questionLanguage ? { questionLanguage } : {}),
        },
      ),
    ),
  );
  const perMarket = marketQuestions(
    markets,
    languages,
    plans.map((plan) => plan.questions),
  );
  const questions = perMarket.flatMap(({ questions: own }) => own);
  const analysisCostUsd = totalCostUsd(plans.map((plan) => plan.analysisCostUsd));

  const lens: ArticleLens = {
    kind: 'article',
    urls: [article.url, article.finalUrl, ...(article.canonicalUrl ? [article.canonicalUrl] : [])],
    domain: article.domain,
    keyPoints: article.keyPoints,
    language: article.language,
  };
  const asks = perMarket.flatMap(({ market, questions: own }) =>
    own.map((question) => ({ key: question.id, text: question.text, ...(market ? { market } : {}) })),
  );
  const replies = (await askEveryPlatform(progress, platforms, asks, lens)).flatMap((perPlatform) =>
    perPlatform.map((reply, index) => ({
      questionId: questions[index]!.id,
      reply,
      ...(asks[index]!.market ? { market: asks[index]!.market } : {}),
    })),
  );

  // With an analysis model, it judges which key points each answer states; the lexical reading stands otherwise.
  const judged = replies
    .map((entry, index) => ({ key: `a${index + 1}`, entry }))
    .filter(({ entry }) => entry.reply.status === 'answered' && entry.reply.verdict);
  const judgement =
    analysisPlatform !== null && judged.length > 0
      ? await judgeCoverage(progress, analysis, {
          keyPoints: article.keyPoints,
          answers: judged.map(({ key, entry }) => ({ key, text: entry.reply.answer.slice(0, JUDGED_ANSWER_CHARS) })),
        })
      : undefined;
  const { judgements, costUsd: judgeCostUsd } = judgement ?? {};
  const byReply = judgements && replies.map((_, index) => judgements.find((one) => one.key === `a${index + 1}`));

  const report = composeArticleReport({
    article,
    markets,
    questions,
    replies,
    startedAt,
    finishedAt: new Date(),
    ...(byReply ? { judgements: byReply } : {}),
    analysisCostUsd: totalCostUsd([analysisCostUsd, judgeCostUsd]),
  });
  await saveReport(
    progress,
    { snapshotId, domain: article.domain, createdAt: report.createdAt, monitorId: monitor?.id, platformIds: platforms.map(({ id }) => id) },
    { kind: 'article', report },
  );
  if (monitor) await afterMonitoredRun(progress, monitor, snapshotId);
  progress.finish();
  return articleOutcome(snapshotId, report);
}
