import { siteOutcome, type SiteOutcome } from '../domain/check-outcome';
import { aggregateSources, citedPagesOf } from '../domain/site/aggregate';
import { composeReport } from '../domain/site/compose';
import { awarenessQuestion, memoryResultOf } from '../domain/site/memory-result';
import { retrievalFailed } from '../domain/site/retrieval';
import { askStage } from './ask-platforms';
import { askDeadline } from '../domain/shared/ask-deadline';
import { afterMonitoredRun, snapshotIdOf, type MonitorRunInput } from './monitor-run';
import { settingsOfRun } from './run-settings';
import { Progress } from './progress';
import { saveReport } from './save-report';
import { local, search, site } from './stage-options';

export interface SiteCheckInput {
  url: string;
  /** Absent in a monitor's scheduled run, which makes its own. */
  snapshotId?: string;
  /** Set when a monitor's schedule started the run. */
  monitor?: MonitorRunInput;
}

/** One site check: reach the home page, then every probe at once, then the report and its snapshot. */
export async function siteCheckWorkflow({ url, snapshotId: given, monitor }: SiteCheckInput): Promise<SiteOutcome> {
  const snapshotId = snapshotIdOf(given);
  const startedAt = new Date();
  const progress = new Progress();
  const { platforms, siteCheckDeadlineMs, answerTimeMs } = await settingsOfRun();
  // Someone waits for this check (a monitor's run does not): a question waits for its budget only while
  // the platform, at the pace it answers now, can still answer in time.
  const deadline = monitor || !siteCheckDeadlineMs ? undefined : askDeadline(startedAt.getTime(), siteCheckDeadlineMs, answerTimeMs);

  const target = await progress.required('normalise', 'Reading the address', local.normaliseCheckTarget, url);
  const { domain, brand } = target;
  const home = await progress.required('home', `Fetching the home page of ${target.host}`, site.fetchHomePage, target);
  const homeUrl = home.finalUrl;

  const [robotsAndSitemap, simulation, agentFiles, retrieval, memory] = await Promise.all([
    progress.optional('robots', 'Reading robots.txt', site.checkRobots, homeUrl).then(async (robots) => ({
      robots,
      sitemap: await progress.optional('sitemap', 'Reading the sitemap', site.readSitemaps, {
        homeUrl,
        domain,
        declared: robots?.sitemaps ?? [],
        genericRules: robots?.genericRules ?? [],
      }),
    })),
    progress.optional('crawlers', 'Fetching the home page as AI crawlers and as a browser', site.simulateCrawlers, homeUrl),
    progress.optional('agent-files', 'Looking for llms.txt and other agent files', site.probeAgentFiles, homeUrl),
    progress.orElse('retrieval', 'Searching the live web', (reason) => retrievalFailed('search', reason), search.searchLiveWeb, {
      domain,
      brand,
    }),
    Promise.all(
      platforms.map(async (definition) => {
        const question = { platformId: definition.id, question: awarenessQuestion(domain), lens: { kind: 'site' as const, domain, brand } };
        return memoryResultOf(
          await askStage(progress, `memory:${definition.id}`, `Asking ${definition.name} what it knows`, definition, question, {
            deadline,
          }),
        );
      }),
    ),
  ]);

  const sources = aggregateSources(memory);
  const citedPages = await progress.optional(
    'cited-pages',
    'Fetching the titles of cited pages',
    site.titleCitedPages,
    citedPagesOf(sources, domain),
  );

  const report = composeReport({
    stages: { domain, home, ...robotsAndSitemap, simulation, agentFiles, retrieval, memory },
    brand,
    sources,
    citedPages: citedPages?.citedPages,
    requests: {
      home: home.requests,
      robots: robotsAndSitemap.robots?.requests ?? 0,
      sitemap: robotsAndSitemap.sitemap?.requests ?? 0,
      simulation: simulation?.requests ?? 0,
      agentFiles: agentFiles?.requests ?? 0,
      citedPages: citedPages?.requests ?? 0,
    },
    startedAt,
    finishedAt: new Date(),
  });
  const outcome = siteOutcome(snapshotId, report);
  await saveReport(
    progress,
    {
      snapshotId,
      domain,
      createdAt: report.createdAt,
      scores: outcome.scores,
      monitorId: monitor?.id,
      platformIds: platforms.map(({ id }) => id),
    },
    { kind: 'site', report },
  );
  if (monitor) await afterMonitoredRun(progress, monitor, snapshotId);
  progress.finish();
  return outcome;
}
