import { z } from 'zod';
import { articleReportSchema, type ArticleReport } from '../../../domain/article/report-schema';
import { articleOutcome } from '../../../domain/check-outcome';
import { share, stored, type Link } from '../../mcp/structured';

export const articleOutput = z.object({
  ...stored,
  url: z.string(),
  summary: articleReportSchema.shape.verdict.shape.summary,
  confidence: articleReportSchema.shape.confidence,
  coverage: share,
  urlCitationRate: share,
});

export const articleData = (snapshotId: string, report: ArticleReport, link: Link): z.infer<typeof articleOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  url: report.url,
  ...articleOutcome(snapshotId, report).scores,
});
