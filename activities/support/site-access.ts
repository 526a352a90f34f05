import { Context } from '@temporalio/activity';
import type { Config } from '../../domain/shared/config';
import { REQUEST_BUDGET, type FetchingStage } from '../../domain/site/request-budget';
import { createSiteAgent, SiteFetcher } from '../../infra/site-fetcher';

export const SERVICE_NAME = 'AIVisibilityCheck';

/** The worker's access to checked sites: one pooled agent, a fresh fetcher (and budget) per stage run. */
export interface SiteAccess {
  /** Call from inside an activity: the fetcher stops when Temporal cancels or times out the attempt. */
  fetcherFor(stage: FetchingStage): SiteFetcher;
  close(): Promise<void>;
}

export function createSiteAccess(config: Pick<Config, 'publicBaseUrl' | 'fetchOriginOverrides'>): SiteAccess {
  const agent = createSiteAgent();
  const fetcherConfig = {
    userAgent: `Mozilla/5.0 (compatible; ${SERVICE_NAME}/1.0; +${config.publicBaseUrl})`,
    originOverrides: config.fetchOriginOverrides,
  };
  return {
    fetcherFor: (stage) => new SiteFetcher(agent, fetcherConfig, REQUEST_BUDGET[stage], Context.current().cancellationSignal),
    close: () => agent.close(),
  };
}
