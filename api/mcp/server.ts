import { startOptions } from '../run-origin';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CRAWLERS } from '../../domain/site/crawlers';
import { platformNames } from '../../domain/shared/platforms';
import { InvalidTargetError, normaliseTarget } from '../../domain/shared/target';
import { SNAPSHOT_ID_PATTERN } from '../../contract/workflow-contract';
import { CheckError, type CheckClient } from '../../infra/check-client';
import type { SnapshotStore } from '../../infra/snapshot-store';
import { snapshotPath } from '../paths';
import type { RateLimits } from '../../infra/rate-limits';
import { articleSummary, brandSummary, rankingsSummary, siteSummary, trafficSummary } from './summaries';
import { registerMonitorTrendTool } from './monitor-trend-tool';
import { articleData, articleOutput, brandData, brandOutput, rankingsData, rankingsOutput, siteData, siteOutput, trafficData, trafficOutput } from './structured';

export interface McpDependencies {
  checks: CheckClient;
  store: SnapshotStore;
  rateLimits: RateLimits;
  allowedHosts: ReadonlySet<string>;
  publicBaseUrl: string;
  /** How long check_site waits for its check (MCP_CHECK_WAIT_S). */
  checkWaitMs: number;
  /** check_site's hourly limit per client (RATE_LIMIT_MCP_CHECK_SITE), for its description. */
  checkSitePerHour: number;
}

/** How often check_site reports progress while a check runs (the protocol asks for at least every 10 s). */
export const PROGRESS_EVERY_MS = 5_000;

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const failure = (value: string) => ({ ...text(value), isError: true });
/** Markdown for people, with the same figures as structured content for agents (the tool's outputSchema). */
const structured = <T extends Record<string, unknown>>(markdown: string, data: T) => ({ ...text(markdown), structuredContent: data });

const snapshotId = z.string().regex(SNAPSHOT_ID_PATTERN, 'id must be a report id such as 0f8fad5b-d9cb-469f-a165-70867728950e');
const domain = z.string().trim().min(1).max(2048).describe('A domain such as example.com, or a URL such as https://example.com/');

/**
 * One MCP server per request (stateless: any gateway instance answers any request), with the six
 * tools. `client` is the caller's rate-limit key.
 */
export function buildMcpServer(deps: McpDependencies, client: string): McpServer {
  const server = new McpServer({ name: 'ai-visibility-check', title: 'AI visibility check', version: '1.0.0' });
  const link = (id: string) => `${deps.publicBaseUrl}${snapshotPath(id)}`;
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  const stored = (id: string) => deps.store.get(id.toLowerCase());

  server.registerTool(
    'check_site',
    {
      title: 'Check a site’s AI visibility',
      description:
        `Runs a full AI-visibility check of a website (the same pipeline as the HTTP API): whether the ${CRAWLERS.length} AI crawlers may and can fetch it, llms.txt, sitemap, page signals, and what ${platformNames()} know and say about it. ` +
        'Takes about 40–100 seconds; sends progress notifications when given a progress token. Returns a markdown summary (scores, top issues with fixes, each platform’s verdict) and the permanent report link. ' +
        `${deps.checkSitePerHour > 0 ? `Limited to ${deps.checkSitePerHour} calls per IP address per hour. ` : ''}If the check is not finished in time, returns its id and link; get_latest_report will have it once done.`,
      inputSchema: z.object({ domain }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ domain: target }, ctx) => checkSite(deps, client, target, ctx, link),
  );

  server.registerTool(
    'get_latest_report',
    {
      title: 'Latest AI-visibility report of a domain',
      description: 'The newest stored site check of a domain, as a markdown summary: scores, top issues with fixes, what each AI platform says, and the permanent report link (the scores also as structured content). Read-only; does not start a check.',
      inputSchema: z.object({ domain }),
      outputSchema: siteOutput,
      annotations: readOnly,
    },
    async ({ domain: target }) => {
      let normalised: string;
      try {
        normalised = normaliseTarget(target, { allowedHosts: deps.allowedHosts }).domain;
      } catch (error) {
        if (error instanceof InvalidTargetError) return failure(error.message);
        throw error;
      }
      const latest = await deps.store.newestOf(normalised, 'site');
      if (latest?.kind !== 'site') return failure(`No report of ${normalised} exists yet. Run check_site with this domain to create one.`);
      return structured(siteSummary(latest.report, link(latest.snapshotId)), siteData(latest.snapshotId, latest.report, link));
    },
  );

  server.registerTool(
    'get_rankings',
    {
      title: 'AI-visibility ranking',
      description: 'The newest site check of each domain, ordered by total score (ties: newest first), as a markdown table with each report’s link (also as structured content). Read-only.',
      inputSchema: z.object({ limit: z.number().int().min(1).max(50).default(10).describe('How many domains, 1–50 (default 10)') }),
      outputSchema: rankingsOutput,
      annotations: readOnly,
    },
    async ({ limit }) => {
      const rankings = await deps.store.rankings(limit);
      return structured(rankingsSummary(rankings, link), rankingsData(rankings, link));
    },
  );

  server.registerTool(
    'get_brand_report',
    {
      title: 'Brand GEO diagnosis report',
      description: 'A stored brand GEO diagnosis by its report id (reportId of POST /api/keywords): mention rate, first-recommendation rate, share of voice, citation rate with their 95% intervals, the stage, competitors, the action plan and the report link, as markdown (the headline figures also as structured content). Read-only.',
      inputSchema: z.object({ id: snapshotId.describe('The report id (a UUID)') }),
      outputSchema: brandOutput,
      annotations: readOnly,
    },
    async ({ id }) => {
      const snapshot = await stored(id);
      if (snapshot?.kind !== 'brand') return failure(`No brand diagnosis report has the id ${id}.`);
      return structured(brandSummary(snapshot.report, link(snapshot.snapshotId)), brandData(snapshot.snapshotId, snapshot.report, link));
    },
  );

  server.registerTool(
    'get_article_report',
    {
      title: 'Article GEO check report',
      description: 'A stored article GEO check by its report id (reportId of POST /api/article-check): coverage, URL citation rate, the verdict and the optimisation advice, as markdown (the headline figures also as structured content). Read-only.',
      inputSchema: z.object({ id: snapshotId.describe('The report id (a UUID)') }),
      outputSchema: articleOutput,
      annotations: readOnly,
    },
    async ({ id }) => {
      const snapshot = await stored(id);
      if (snapshot?.kind !== 'article') return failure(`No article check report has the id ${id}.`);
      return structured(articleSummary(snapshot.report, link(snapshot.snapshotId)), articleData(snapshot.snapshotId, snapshot.report, link));
    },
  );

  server.registerTool(
    'get_crawler_report',
    {
      title: 'AI crawler traffic report',
      description: 'A stored crawler-traffic report by its report id (reportId of POST /api/v1/crawler-logs): per AI crawler the requests that were verified against its vendor’s published IP ranges or host names, forged, or unverifiable, what robots.txt says against what happened, and the visits AI assistants sent, as markdown (the totals also as structured content). No IP address is kept. Read-only.',
      inputSchema: z.object({ id: snapshotId.describe('The report id (a UUID)') }),
      outputSchema: trafficOutput,
      annotations: readOnly,
    },
    async ({ id }) => {
      const snapshot = await stored(id);
      if (snapshot?.kind !== 'traffic') return failure(`No crawler-traffic report has the id ${id}.`);
      return structured(trafficSummary(snapshot.report, link(snapshot.snapshotId)), trafficData(snapshot.snapshotId, snapshot.report, link));
    },
  );

  registerMonitorTrendTool(server, deps, readOnly);

  return server;
}

/**
 * Starts a site check and waits for it up to checkWaitMs, with progress notifications. The check is a
 * durable workflow: a client that gives up (or a wait that runs out) loses nothing.
 */
async function checkSite(deps: McpDependencies, client: string, target: string, ctx: ServerContext, link: (id: string) => string) {
  const quota = await deps.rateLimits.consume('mcpCheckSite', client);
  if (!quota.allowed) {
    return failure(`Rate limit reached: check_site allows ${quota.limit} checks per IP address per hour. Try again after ${quota.resetAt.toISOString()}; get_latest_report and the other read tools are not limited.`);
  }
  let started;
  try {
    started = await deps.checks.start('site', { url: target }, startOptions('MCP check_site', client, 'mcp'));
  } catch (error) {
    if (error instanceof CheckError) return failure(`The check cannot run: ${error.message}`);
    throw error;
  }

  const stop = new AbortController();
  const abortOnLeave = () => stop.abort();
  ctx.mcpReq.signal.addEventListener('abort', abortOnLeave, { once: true });
  const progress = reportProgress(deps.checks, started.workflowId, ctx, stop.signal);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), deps.checkWaitMs)));
  try {
    const outcome = await Promise.race([deps.checks.result('site', started.workflowId), waited]);
    if (outcome === 'waiting') {
      return text(
        `The check of ${started.subject} is still running (check id ${started.workflowId}). It goes on without you: its report will be at ${link(started.snapshotId)} ` +
          `and get_latest_report with domain ${started.subject} will return it once done (usually within two minutes).`,
      );
    }
    return text(siteSummary(outcome.report, link(outcome.snapshotId)));
  } catch (error) {
    if (error instanceof CheckError) return failure(`The check of ${started.subject} did not complete: ${error.message}`);
    throw error;
  } finally {
    clearTimeout(timer);
    stop.abort();
    ctx.mcpReq.signal.removeEventListener('abort', abortOnLeave);
    await progress;
  }
}

/** Sends a progress notification for every step, and at least every PROGRESS_EVERY_MS, while the check runs. */
async function reportProgress(checks: CheckClient, workflowId: string, ctx: ServerContext, signal: AbortSignal): Promise<void> {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return;
  let count = 0;
  let message = 'Check started';
  const send = () => ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: ++count, message } }).catch(() => undefined);
  const ticker = setInterval(() => void send(), PROGRESS_EVERY_MS);
  try {
    await send();
    for await (const step of checks.followSteps(workflowId, signal)) {
      message = step.message;
      await send();
    }
  } catch {
    // Progress is a courtesy: a failed notification never fails the check.
  } finally {
    clearInterval(ticker);
  }
}
