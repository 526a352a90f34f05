import { z } from 'zod';
import { articleReportSchema } from '../../../domain/article/report-schema';
import { address, marketFields, NOT_BOTH_MARKET_FIELDS, oneOfMarketFields, platformIds, summaryEventSchema } from '../../schemas';

export const articleRequestSchema = z
  .object({ url: address('url'), ...marketFields, platforms: platformIds })
  .superRefine(oneOfMarketFields)
  .meta({ id: 'ArticleCheckRequest', ...NOT_BOTH_MARKET_FIELDS });

export const articleSummarySchema = summaryEventSchema('ArticleCheckSummaryEvent', articleReportSchema);
