import type { Context } from '@temporalio/activity';
import type { PlatformError } from '../../infra/platform-client';

/**
 * The service's series about vendors (docs/operations.md, "Metrics"), through the activity's metric meter, so that the
 * worker's one Prometheus endpoint serves them beside Temporal's own (tagged with the namespace, the
 * task queue and the activity type). Every attempt counts: a 429 retried three times is three 429s.
 */
export function recordPlatformCall(
  context: Context,
  platform: string,
  outcome: { answered: { costUsd: number | null; absent?: { status: string } } } | { failed: PlatformError },
): void {
  const meter = context.metricMeter;
  // A surface's no-answer or unavailable is its own status: neither an answer nor a failure.
  const status = 'answered' in outcome ? (outcome.answered.absent?.status ?? 'answered') : outcome.failed.kind;
  meter
    .createCounter('aivis_platform_answers_total', '', 'Questions an AI platform answered, or the way it failed, per attempt')
    .add(1, { platform, status });
  if ('failed' in outcome && outcome.failed.status === 429) recordRateLimited(context, platform);
  if ('answered' in outcome && outcome.answered.costUsd !== null) {
    meter
      .createHistogram('aivis_platform_cost_usd', 'float', '', 'What an answer cost in US dollars, by platform (the _sum is the spend)')
      .record(outcome.answered.costUsd, { platform });
  }
}

/** An HTTP 429 from a vendor: an AI platform (by its id) or a live-search provider (`brave`, `searxng`). */
export function recordRateLimited(context: Context, vendor: string): void {
  context.metricMeter
    .createCounter('aivis_vendor_rate_limited_total', '', 'HTTP 429 answers from vendors: AI platforms and search providers')
    .add(1, { vendor });
}
