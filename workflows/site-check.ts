import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { CheckTarget } from '../domain/target';

export interface SiteCheckInput {
  url: string;
  snapshotId: string;
}

export interface SiteCheckResult {
  snapshotId: string;
  target: CheckTarget;
}

/** Pure, local stages: nothing to wait for, so a short timeout and few attempts. */
const { normaliseCheckTarget } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

export async function siteCheckWorkflow(input: SiteCheckInput): Promise<SiteCheckResult> {
  const target = await normaliseCheckTarget(input.url);
  return { snapshotId: input.snapshotId, target };
}
