import type { RobotsVerdicts } from '../domain/traffic/compose';
import type { SnapshotStore } from '../infra/snapshot-store';
import { createCheckRobots } from './robots';
import type { SiteAccess } from './support/site-access';

/** A site check younger than this gives the robots.txt verdicts; else robots.txt is read now. */
const FRESH_SITE_CHECK_MS = 7 * 86_400_000;

/**
 * The robots.txt verdict for each crawler, to set beside what the log shows: from the domain's newest
 * site check when it is recent, else robots.txt read now (as the site check reads it).
 */
export function createRobotsVerdicts(store: SnapshotStore, site: SiteAccess) {
  const checkRobots = createCheckRobots(site);
  return async function robotsVerdicts(domain: string): Promise<RobotsVerdicts> {
    const newest = await store.newestOf(domain, 'site');
    if (newest?.kind === 'site' && Date.now() - newest.createdAt.getTime() < FRESH_SITE_CHECK_MS) {
      return {
        source: { source: 'site-check', snapshotId: newest.snapshotId, checkedAt: newest.createdAt.toISOString() },
        access: Object.fromEntries(newest.report.bots.map((bot) => [bot.token, bot.access])),
      };
    }
    const robots = await checkRobots(`https://${domain}/`);
    // robots.txt that could not be read says nothing of any crawler here: the site check reads it as
    // "blocked" (RFC 9309 §2.3.1.4 tells a crawler to stay out), but the traffic report would then claim
    // "robots.txt blocks GPTBot, yet it fetched…" of a file nobody read.
    const access = robots.outcome === 'unavailable' ? {} : Object.fromEntries(robots.bots.map((bot) => [bot.token, bot.access]));
    return { source: { source: 'robots.txt', url: robots.url, outcome: robots.outcome }, access };
  };
}
