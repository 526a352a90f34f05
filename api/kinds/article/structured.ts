import { z } from 'zod';
import { articleReportSchema, type ArticleReport } from '../../../domain/article/report-schema';
import { articleOutcome } from '../../../domain/check-outcome';
import { ARTICLE_METRICS } from '../../../domain/article/metrics';
import { headlineFields, stored, type Link } from '../../mcp/structured';

export const articleOutput = z.object({
  ...stored,
  url: z.string(),
  summary: articleReportSchema.shape.verdict.shape.summary,
  confidence: articleReportSchema.shape.confidence,
  ...headlineFields(ARTICLE_METRICS),
});

export const articleData = (snapshotId: string, report: ArticleReport, link: Link): z.infer<typeof articleOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  url: report.url,
  ...articleOutcome(snapshotId, report).scores,
});
