import { z } from 'zod';
import { brandReportSchema, type BrandReport } from '../../../domain/brand/report/report-schema';
import { sourceTypeFields } from '../../../domain/brand/report/source-schema';
import { demandSchema, questionDemandSchema } from '../../../domain/brand/report/demand-schema';
import { brandOutcome } from '../../../domain/check-outcome';
import { BRAND_METRICS } from '../../../domain/brand/report/metrics';
import { headlineFields, stored, type Link } from '../../mcp/structured';

export const brandOutput = z.object({
  ...stored,
  keyword: z.string(),
  brand: z.string(),
  stage: brandReportSchema.shape.stage,
  confidence: brandReportSchema.shape.confidence,
  ...headlineFields(BRAND_METRICS),
  readingMethod: brandReportSchema.shape.readingMethod.unwrap().optional(),
  reading: z
    .object({
      byModel: z.number().int().min(0),
      byRules: z.number().int().min(0),
      disagreements: z.number().int().min(0).describe('Answers where the model and the rules read a name differently'),
      fallbacks: z
        .number()
        .int()
        .min(0)
        .describe("Answers the model was asked to read whose rules' reading stands (readingFallback says why)"),
    })
    .optional()
    .describe('Who read the answers, where an analysis model (ANALYSIS_PLATFORM) was asked'),
  citationGaps: z
    .array(z.object({ domain: z.string(), answers: z.number().int(), competitors: z.array(z.string()), questions: z.array(z.string()) }))
    .describe('Sites to win: cited where competitors are named and the brand never is, most answers first'),
  productVisibility: brandReportSchema.shape.productVisibility,
  ...sourceTypeFields,
  demand: demandSchema.optional(),
  questions: z
    .array(z.object({ id: z.string(), text: z.string(), market: z.string().optional(), demand: questionDemandSchema.optional() }))
    .optional()
    .describe('The questions, most asked first where demand was measured'),
});

export const brandData = (snapshotId: string, report: BrandReport, link: Link): z.infer<typeof brandOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  keyword: report.keyword,
  brand: report.brand,
  ...brandOutcome(snapshotId, report).scores,
  ...(report.readingMethod ? { readingMethod: report.readingMethod } : {}),
  ...readingCounts(report),
  citationGaps: report.citationGaps ?? [],
  ...(report.productVisibility ? { productVisibility: report.productVisibility } : {}),
  ...(report.sourceTypes ? { sourceTypes: report.sourceTypes } : {}),
  ...(report.ugcPages ? { ugcPages: report.ugcPages } : {}),
  ...(report.demand ? { demand: report.demand } : {}),
  // Each question's demand, most asked first: only where demand was measured.
  ...(report.demand?.status === 'measured'
    ? {
        questions: report.questions.map(({ id, text, market, demand }) => ({
          id,
          text,
          ...(market ? { market } : {}),
          ...(demand ? { demand } : {}),
        })),
      }
    : {}),
});

/** Who read the answers, where the model was asked (it read one, or one fell back); nothing for a rules-only diagnosis. */
function readingCounts(report: BrandReport): { reading?: z.infer<typeof brandOutput>['reading'] } {
  const answers = report.answers.filter((answer) => answer.readBy !== undefined);
  const fallbacks = answers.filter((answer) => answer.readingFallback !== undefined).length;
  if (report.readingMethod !== 'model' && fallbacks === 0) return {};
  return {
    reading: {
      byModel: answers.filter((answer) => answer.readBy === 'model').length,
      byRules: answers.filter((answer) => answer.readBy === 'rules').length,
      disagreements: answers.filter((answer) => (answer.readerDisagreements ?? []).length > 0).length,
      fallbacks,
    },
  };
}
