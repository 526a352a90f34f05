import type { RobotsVerdicts } from '../domain/traffic/compose';
import type { SiteReportOutcome } from '../domain/traffic/report-schema';
import type { Report as SiteReport } from '../domain/site/report';
import type { SnapshotStore } from '../infra/snapshot-store';
import { createCheckRobots } from './robots';
import type { SiteAccess } from './support/site-access';

/** A site check younger than this gives the robots.txt verdicts; else robots.txt is read now. */
const FRESH_SITE_CHECK_MS = 7 * 86_400_000;

/** What the site check's `robots-txt` item says of reading robots.txt (undefined in a report without it). */
const OUTCOME_OF_STATUS = { pass: 'ok', warn: 'missing', fail: 'unavailable', info: 'not-checked' } as const satisfies Record<
  SiteReport['checks'][number]['status'],
  SiteReportOutcome
>;

/**
 * The robots.txt verdict for each crawler, to set beside what the log shows: from the domain's newest
 * site check when it is recent, else robots.txt read now (as the site check reads it).
 *
 * robots.txt that could not be read says nothing of any crawler here: the site check reads it as
 * "blocked" (RFC 9309 §2.3.1.4 tells a crawler to stay out), but the traffic report would then claim
 * "robots.txt blocks GPTBot, yet it fetched…" of a file nobody read. So neither path gives a verdict
 * then: robots.txt read now and unavailable, or a site check whose `robots-txt` item failed (or that
 * could not check it at all: its bots[] then say "no rule" of a file it never read).
 */
export function createRobotsVerdicts(store: SnapshotStore, site: SiteAccess) {
  const checkRobots = createCheckRobots(site);
  return async function robotsVerdicts(domain: string): Promise<RobotsVerdicts> {
    const newest = await store.newestOf(domain, 'site');
    if (newest?.kind === 'site' && Date.now() - newest.createdAt.getTime() < FRESH_SITE_CHECK_MS) {
      const status = newest.report.checks.find((check) => check.id === 'robots-txt')?.status;
      const outcome = status === undefined ? undefined : OUTCOME_OF_STATUS[status];
      const read = outcome === undefined || outcome === 'ok' || outcome === 'missing';
      return {
        source: {
          source: 'site-check',
          snapshotId: newest.snapshotId,
          checkedAt: newest.createdAt.toISOString(),
          ...(outcome && { outcome }),
        },
        access: read ? Object.fromEntries(newest.report.bots.map((bot) => [bot.token, bot.access])) : {},
      };
    }
    const robots = await checkRobots(`https://${domain}/`);
    const access = robots.outcome === 'unavailable' ? {} : Object.fromEntries(robots.bots.map((bot) => [bot.token, bot.access]));
    return { source: { source: 'robots.txt', url: robots.url, outcome: robots.outcome }, access };
  };
}
