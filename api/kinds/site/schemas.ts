import { z } from 'zod';
import { reportSchema } from '../../../domain/site/report';
import { address, headlineSchema } from '../../schemas';

export const checkRequestSchema = z.object({ url: address('url') }).meta({ id: 'CheckRequest' });

/** The site check's report, one component that every answer carrying it refers to. */
const siteReport = reportSchema.meta({ id: 'Report' });

export const checkResponseSchema = z
  .object({
    ok: z.literal(true),
    snapshotId: z.string().nullable().describe('Fixed identifier of this check (a UUID)'),
    snapshotUrl: z.string().describe('/report/<snapshotId>: joined to the base address, the permanent link'),
    report: siteReport,
  })
  .meta({ id: 'CheckResponse' });

export const reportEventSchema = z
  .object({
    type: z.literal('report'),
    snapshotId: z.string(),
    snapshotUrl: z.string().describe('/report/<snapshotId>'),
    report: siteReport,
    headline: headlineSchema,
  })
  .meta({ id: 'SiteCheckReportEvent' });

export type CheckRequest = z.infer<typeof checkRequestSchema>;
