import { uuid4 } from '@temporalio/workflow';
import { mapWithConcurrency } from '../domain/shared/concurrency';
import type { LogFormat } from '../domain/traffic/log-format';
import type { TrafficOutcome } from '../domain/check-outcome';
import { trafficOutcome } from '../domain/check-outcome';
import { Progress } from './progress';
import { saveReport } from './save-report';
import { checkRanges, logParts, site, store } from './stage-options';

export interface CrawlerTrafficInput {
  /** The domain whose log it is (normalised by the gateway). */
  domain: string;
  snapshotId?: string;
  /** The upload's parts in the store (infra/crawler-log-store.ts), and the format detected from its first lines. */
  uploadId: string;
  parts: number;
  format: LogFormat;
}

/** Parts read at once: spread over every worker polling the queue, each part one activity. */
const PARTS_IN_FLIGHT = 8;

/**
 * A crawler-traffic check of an uploaded access log: the vendors' ranges (fetched first on a deployment
 * that has none; the check goes on without them when they cannot be fetched), the robots.txt verdicts, every stored part read and verified by its own activity (its
 * counts kept beside it in the store), the counts merged into the report, saved as a snapshot, then the
 * upload deleted. Only request totals and the report pass through history, whatever the log's size.
 */
export async function crawlerTrafficWorkflow({
  domain,
  snapshotId = uuid4(),
  uploadId,
  parts,
  format,
}: CrawlerTrafficInput): Promise<TrafficOutcome> {
  const startedAt = new Date();
  const progress = new Progress();

  const rangesProblem = await progress.orElse(
    'ranges',
    'Fetching the AI crawlers’ published IP ranges',
    (reason) => reason,
    checkRanges.refreshVendorRanges,
    { ifNoneStored: true },
  );
  const robots = await progress.required('robots', `Reading what robots.txt of ${domain} allows`, site.robotsVerdicts, domain);
  const indexes = Array.from({ length: parts }, (_, index) => index);
  await mapWithConcurrency(indexes, PARTS_IN_FLIGHT, (index) =>
    progress.required(`part:${index + 1}`, `Reading part ${index + 1} of ${parts} of the log`, logParts.readLogPart, {
      uploadId,
      index,
      format,
    }),
  );
  const report = await progress.required('counts', 'Counting what the crawlers did', store.composeTrafficCheck, {
    uploadId,
    parts,
    domain,
    format,
    robots,
    startedAt: startedAt.toISOString(),
    ...(typeof rangesProblem === 'string' ? { rangesProblem } : {}),
  });
  await saveReport(progress, { snapshotId, domain, createdAt: report.createdAt }, { kind: 'traffic', report });
  await progress.required('cleanup', 'Deleting the uploaded log', store.dropCrawlerLog, { uploadId, parts });
  progress.finish();
  return trafficOutcome(snapshotId, report);
}
