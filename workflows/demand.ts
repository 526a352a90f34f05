import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import { demandRequests, type DemandInput } from '../domain/brand/report/demand';
import type { BrandQuestion } from '../domain/brand/questions';
import { demandTaskQueue } from '../domain/shared/platform-budgets';
import type { Market } from '../domain/shared/market';
import { marketKey } from '../domain/shared/market';
import type { Progress } from './progress';
import { DEMAND_ATTEMPTS, type DemandActivities } from './stage-options';

/**
 * Demand (docs/checks/brand.md, "Demand"): one request per market and endpoint for the whole
 * diagnosis, on the demand queue, whose rate is DataForSEO's budget. A request that fails after its
 * retries leaves its volumes null with the reason; the diagnosis never fails for it. `configured`
 * comes from the run's settings: undefined in runs whose settings predate demand, which measure none.
 */
export async function measureDemand(
  progress: Progress,
  configured: boolean | undefined,
  keyword: string,
  markets: readonly (Market | undefined)[],
  questions: readonly (BrandQuestion & { market?: string })[],
): Promise<DemandInput | undefined> {
  if (configured === undefined) return undefined;
  if (!configured) return { configured: false };
  const stages = proxyActivities<DemandActivities>({ ...DEMAND_ATTEMPTS, taskQueue: demandTaskQueue(workflowInfo().taskQueue) });
  const results = await Promise.all(
    demandRequests(keyword, markets, questions).map((request) => {
      const key = request.market ? marketKey(request.market) : undefined;
      const where = key ? { market: key } : {};
      return progress.orElse(
        `demand:${request.endpoint}${key ? `:${key}` : ''}`,
        `Measuring how many people ask (${request.endpoint === 'ai' ? 'AI' : 'Google'} search volume${key ? `, ${key}` : ''})`,
        (reason) => ({ endpoint: request.endpoint, ...where, error: reason }),
        stages.measureDemand,
        request,
      );
    }),
  );
  return { configured: true, results };
}
