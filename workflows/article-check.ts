import { composeArticleReport } from '../domain/article/compose';
import type { ArticleReport } from '../domain/article/report-schema';
import { mapWithConcurrency } from '../domain/concurrency';
import type { ArticleLens } from '../domain/lenses/article';
import { PLATFORMS } from '../domain/platforms';
import { askPlatform } from './ask-platforms';
import { Progress } from './progress';
import { local, planning, site, store, survey } from './stage-options';

export interface ArticleCheckInput {
  /** The article's address, as given. */
  url: string;
  snapshotId: string;
}

export interface ArticleCheckResult {
  snapshotId: string;
  report: ArticleReport;
}

/**
 * One article GEO check: fetch and read the article, ask every platform the questions it answers,
 * then measure how much of it the answers use (coverage) and whether they cite it.
 */
export async function articleCheckWorkflow({ url, snapshotId }: ArticleCheckInput): Promise<ArticleCheckResult> {
  const startedAt = new Date();
  const progress = new Progress();

  const target = await progress.required('normalise', 'Reading the address', local.normaliseCheckTarget, url);
  const article = await progress.required('article', `Fetching and reading the article on ${target.host}`, site.fetchArticle, { url, target });
  const { questions, platformConcurrency } = await progress.required('questions', `Writing the questions “${article.title}” answers`, planning.planArticleQuestions, {
    title: article.title,
    headings: article.headings,
    keyPoints: article.keyPoints,
    language: article.language,
  });

  const lens: ArticleLens = {
    kind: 'article',
    urls: [article.url, article.finalUrl, ...(article.canonicalUrl ? [article.canonicalUrl] : [])],
    domain: article.domain,
    keyPoints: article.keyPoints,
    language: article.language,
  };
  const replies = await Promise.all(
    PLATFORMS.map((platform) =>
      mapWithConcurrency(questions, platformConcurrency, async (question, index) => {
        const message = `Asking ${platform.name} ${index + 1} of ${questions.length} questions`;
        const reply = await askPlatform(progress, `ask:${platform.id}:${question.id}`, message, { platformId: platform.id, question: question.text, lens }, survey);
        return { questionId: question.id, reply };
      }),
    ),
  );

  const report = composeArticleReport({ article, questions, replies: replies.flat(), startedAt, finishedAt: new Date() });
  await progress.required('snapshot', 'Saving the report', store.saveSnapshot, { snapshotId, kind: 'article', domain: article.domain, createdAt: report.createdAt, report });
  progress.finish();
  return { snapshotId, report };
}
