import { z } from 'zod';
import { trafficReportSchema } from '../../../domain/traffic/report-schema';
import { errorSchema, summaryEventSchema } from '../../schemas';

/**
 * What a crawler-traffic check is started with: not a request body (the body is the log, read by
 * api/routes/crawler-logs.ts) but the stored upload it reads, and the format detected from its first lines.
 */
export const trafficInputSchema = z.object({
  domain: z.string(),
  uploadId: z.string(),
  parts: z.number().int().min(1),
  format: z.union([
    z.object({ name: z.enum(['combined', 'common', 'alb', 'cloudflare', 'vercel', 'fastly', 'cloudfront-json']) }),
    z.object({ name: z.literal('cloudfront'), fields: z.array(z.string()).optional() }),
  ]),
});

export const trafficSummarySchema = summaryEventSchema('CrawlerTrafficSummaryEvent', trafficReportSchema);

/** 422 of POST /api/v1/crawler-logs for a body in no known format. */
export const unreadableLogSchema = errorSchema
  .extend({ unreadLines: z.array(z.string()).optional().describe('The first lines that could not be read (cut to 200 characters)') })
  .meta({ id: 'UnreadableLog' });

/** 202 of POST /api/v1/crawler-logs: the log is stored, its check started. */
export const crawlerLogAcceptedSchema = z
  .object({
    checkId: z.string().describe('Follow it at eventsUrl'),
    reportId: z.string(),
    eventsUrl: z.string().describe('GET: Server-Sent Events, progress then one summary (or error)'),
    reportUrl: z.string().describe('The report page, once the check is done'),
    lines: z.number().int().describe('Lines received that are not blank, as the report counts them'),
    format: z.string().describe('The log format detected'),
  })
  .meta({ id: 'CrawlerLogAccepted' });
