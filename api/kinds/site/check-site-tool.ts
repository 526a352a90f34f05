import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CRAWLERS } from '../../../domain/shared/crawlers';
import { platformNames } from '../../../domain/shared/platforms';
import { CheckError, type CheckClient } from '../../../infra/check-client';
import { startOptions } from '../../run-origin';
import { siteSummary } from './summary';
import type { ToolDependencies } from '../../mcp/tools/dependencies';
import { domainInput, failure, reportLink, text } from '../../mcp/tools/results';

/** How often check_site reports progress while a check runs (the protocol asks for at least every 10 s). */
export const PROGRESS_EVERY_MS = 5_000;

/** check_site {domain}: runs a site check, rate-limited per client, and waits for it up to checkWaitMs. */
export function registerCheckSiteTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'check_site',
    {
      title: 'Check a site’s AI visibility',
      description:
        `Runs a full AI-visibility check of a website (the same pipeline as the HTTP API): whether the ${CRAWLERS.length} AI crawlers may and can fetch it, llms.txt, sitemap, page signals, and what ${platformNames()} know and say about it. ` +
        'Takes about 40–100 seconds; sends progress notifications when given a progress token. Returns a markdown summary (scores, top issues with fixes, each platform’s verdict) and the permanent report link. ' +
        `${deps.checkSitePerHour > 0 ? `Limited to ${deps.checkSitePerHour} calls per IP address per hour. ` : ''}If the check is not finished in time, returns its id and link; get_latest_report will have it once done.`,
      inputSchema: z.object({ domain: domainInput }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async ({ domain }, ctx) => checkSite(deps, domain, ctx),
  );
}

/**
 * Starts a site check and waits for it up to checkWaitMs, with progress notifications. The check is a
 * durable workflow: a client that gives up (or a wait that runs out) loses nothing.
 */
async function checkSite(deps: ToolDependencies, target: string, ctx: ServerContext) {
  const link = reportLink(deps.publicBaseUrl);
  const quota = await deps.rateLimits.consume('mcpCheckSite', deps.client);
  if (!quota.allowed) {
    return failure(
      `Rate limit reached: check_site allows ${quota.limit} checks per IP address per hour. Try again after ${quota.resetAt.toISOString()}; get_latest_report and the other read tools are not limited.`,
    );
  }
  let started;
  try {
    started = await deps.checks.start('site', { url: target }, startOptions('MCP check_site', deps.client, 'mcp'));
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
        `The check of ${started.label} is still running (check id ${started.workflowId}). It goes on without you: its report will be at ${link(started.snapshotId)} ` +
          `and get_latest_report with domain ${started.label} will return it once done (usually within two minutes).`,
      );
    }
    return text(siteSummary(outcome.report, link(outcome.snapshotId)));
  } catch (error) {
    if (error instanceof CheckError) return failure(`The check of ${started.label} did not complete: ${error.message}`);
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
  const send = () =>
    ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: ++count, message } }).catch(() => undefined);
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
