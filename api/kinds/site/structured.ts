import { z } from 'zod';
import { siteOutcome } from '../../../domain/check-outcome';
import type { Report } from '../../../domain/site/report';
import { scores, stored, type Link } from '../../mcp/structured';

export const siteOutput = z.object({ ...stored, domain: z.string(), ...scores });

export const siteData = (snapshotId: string, report: Report, link: Link): z.infer<typeof siteOutput> => ({
  snapshotId,
  reportUrl: link(snapshotId),
  createdAt: report.createdAt,
  domain: report.domain,
  ...siteOutcome(snapshotId, report).scores,
});
