import { composeArticleReport } from '../domain/article/compose';
import { JUDGED_ANSWER_CHARS } from '../domain/article/judge';
import { totalCostUsd } from '../domain/shared/cost';
import { articleOutcome, type ArticleOutcome } from '../domain/check-outcome';
import type { ArticleLens } from '../domain/article/lens';
import { askEveryPlatform } from './ask-platforms';
import type { MonitorRunInput } from './monitor-run';
import { judgeCoverage } from './analysis-stages';
import { local, site } from './stage-options';
import type { Market } from '../domain/shared/market';
import { finishSurvey, planSurveyQuestions, startSurvey } from './survey';

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
  snapshotId,
  monitor,
  platforms: requested,
  ...choice
}: ArticleCheckInput): Promise<ArticleOutcome> {
  const run = await startSurvey({ snapshotId, monitor, platforms: requested });
  const { progress, platforms, analysis, analysisPlatform, startedAt } = run;

  const target = await progress.required('normalise', 'Reading the address', local.normaliseCheckTarget, url);
  const article = await progress.required('article', `Fetching and reading the article on ${target.host}`, site.fetchArticle, {
    url,
    target,
  });
  const { markets, perMarket, questions, analysisCostUsd } = await planSurveyQuestions(choice, (step, questionLanguage) =>
    progress.required(step, `Writing the questions “${article.title}” answers`, analysis.planArticleQuestions, {
      title: article.title,
      headings: article.headings,
      keyPoints: article.keyPoints,
      language: article.language,
      ...(questionLanguage ? { questionLanguage } : {}),
    }),
  );

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
  await finishSurvey(run, article.domain, { kind: 'article', report });
  return articleOutcome(run.snapshotId, report);
}
