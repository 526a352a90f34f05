import { ApplicationFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import { FAILURE } from '../contract/failures';
import type { DemandRequest, DemandResult, DemandVolume } from '../domain/brand/report/demand';
import type { Config } from '../domain/shared/config';
import { marketKey } from '../domain/shared/market';
import type { DemandCache } from '../infra/demand-cache';
import { PlatformError } from '../infra/platforms/platform-error';
import { requestVolumes } from '../infra/platforms/dataforseo-demand';

/**
 * One market's search volumes from one DataForSEO endpoint (docs/checks/brand.md, "Demand"): the
 * phrases measured this month come from the cache, the rest in one request. A failure retrying cannot
 * mend (the login, the balance, a refused request) comes back as the result's error, so the report
 * says why its volumes are null; a passing one (a server error, the network) is thrown for Temporal
 * to retry, and the workflow turns its last attempt into the same error. The cache only saves money:
 * when the store cannot be reached, every phrase is bought and the volumes are kept in the report all
 * the same, rather than losing them to an outage (docs/checks/brand.md, "Demand").
 */
export function createMeasureDemand(config: Pick<Config, 'demand'>, cache: DemandCache, now: () => Date = () => new Date()) {
  return async function measureDemand(request: DemandRequest): Promise<DemandResult> {
    const { endpoint, phrases } = request;
    const key = request.market ? marketKey(request.market) : undefined;
    const result = { endpoint, ...(key ? { market: key } : {}) };
    if (!config.demand.apiKey) return { ...result, error: 'not-configured' };
    const month = now().toISOString().slice(0, 7);
    const log = Context.current().log;
    const cached = await cache.find(endpoint, key ?? '-', month, phrases).catch((error: unknown) => {
      log.warn('demand cache unreachable; every phrase is bought', { error: String(error) });
      return new Map<string, DemandVolume>();
    });
    const missing = phrases.filter((phrase) => !cached.has(phrase));
    let fresh: DemandVolume[] = [];
    let costUsd = 0;
    if (missing.length > 0) {
      try {
        ({ volumes: fresh, costUsd } = await requestVolumes(
          { apiKey: config.demand.apiKey, baseUrl: config.demand.baseUrl },
          { ...request, phrases: missing },
          Context.current().cancellationSignal,
        ));
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (!error.retryable) return { ...result, error: error.message };
        throw ApplicationFailure.create({ type: FAILURE.platformUnavailable, message: error.message, nextRetryDelay: error.retryAfterMs });
      }
      await cache.save(endpoint, key ?? '-', month, fresh, now()).catch((error: unknown) => {
        log.warn('demand cache unreachable; the volumes are not kept for the month', { error: String(error) });
      });
    }
    const byPhrase = new Map([...cached, ...fresh.map((entry) => [entry.phrase, entry] as const)]);
    return { ...result, volumes: phrases.map((phrase) => byPhrase.get(phrase) ?? { phrase, volume: null, month: null }), costUsd };
  };
}
