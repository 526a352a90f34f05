import { ApplicationFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import type { Config } from '../domain/shared/config';
import { FAILURE } from '../contract/failures';
import type { Lens, Verdict } from '../domain/lenses';
import { readAnswer } from '../domain/lenses/read';
import { answerEvidence, platformErrorReply, STORED_ANSWER_CHARS, type PlatformReply } from '../domain/shared/platform-reply';
import { truncate } from '../domain/shared/text';
import { platformDefinition, platformTimeoutMs, type PlatformId } from '../domain/shared/platforms';
import type { Market } from '../domain/shared/market';
import { PlatformError, requestAnswer } from '../infra/platform-client';
import { SiteFetchError, type SiteFetcher } from '../infra/site-fetcher';
import { recordPlatformCall } from './support/vendor-metrics';
import type { SiteAccess } from './support/site-access';
import type { AnswerTimes } from '../infra/answer-times';
import { mayStillAsk, NOT_ASKED_IN_TIME_STEP, type AskWindow } from '../domain/shared/ask-deadline';
import { measuredAnswerTimeMs } from '../domain/shared/answer-time';

/** Found pages kept per answer: enough to say what a search read, small in history. */
const MAX_FOUND = 20;

export interface PlatformQuestion<L extends Lens = Lens> {
  platformId: PlatformId;
  question: string;
  lens: L;
  /** Where the question is asked from; unset: nowhere in particular, in English. */
  market?: Market;
  /** Set for a check someone waits for: when its answers are due, so a question taken too late is not sent. */
  window?: AskWindow;
}

/**
 * Asks one platform one question and reads the answer through the check's lens. A failure that
 * retrying cannot fix comes back as an `error` reply at once; a passing one (429, 5xx, timeout) is
 * thrown for Temporal to retry, at the delay the platform asked for (retry-after, a rate-limit reset,
 * Gemini's RetryInfo). The platform's budget is held by Temporal: this activity runs on the
 * platform's own task queue (worker/create-worker). Each answer's time goes to `answerTimes`, and so
 * does an attempt that timed out or was cut off (the platform took at least that long): what a check
 * someone waits for judges the platform's answer time by (docs/platform-budgets.md, "The time promise").
 */
export function createAskPlatform(config: Pick<Config, 'platforms' | 'prices'>, site: SiteAccess, answerTimes: AnswerTimes) {
  return async function askPlatform({ platformId, question, lens, market, window }: PlatformQuestion): Promise<PlatformReply<Verdict>> {
    const platform = platformDefinition(platformId);
    const platformConfig = config.platforms[platformId];
    const context = Context.current();
    const signal = context.cancellationSignal;
    // Taken off the queue (or retried) when the platform, at the pace it answers now, could no longer answer in time: not sent.
    if (window) {
      const now = Date.now();
      const measured = measuredAnswerTimeMs(await answerTimes.recent(platformId), now, platformTimeoutMs(platform));
      if (!mayStillAsk(window, measured, now)) throw ApplicationFailure.nonRetryable(NOT_ASKED_IN_TIME_STEP, FAILURE.notAskedInTime);
    }
    const startedAt = performance.now();
    try {
      const resolveRedirect = redirectReader(site.fetcherFor('grounding'));
      const reply = await requestAnswer(platform, platformConfig, config.prices, question, {
        signal,
        resolveRedirect,
        ...(market ? { market } : {}),
      });
      recordPlatformCall(context, platformId, { answered: reply });
      await answerTimes.record(platformId, reply.latencyMs);
      const common = {
        platformId,
        platform: platform.name,
        model: reply.model,
        answer: '',
        citations: [],
        found: [],
        latencyMs: reply.latencyMs,
        ...answerEvidence(reply),
      };
      // No AI Overview, or a surface not offered there: a result to count (or not), never read for names.
      if (reply.absent) return { ...common, ...reply.absent };
      const verdict = readAnswer(reply.text, reply.citations, lens, question);
      return {
        platformId,
        platform: platform.name,
        model: reply.model,
        status: 'answered',
        answer: truncate(reply.text, STORED_ANSWER_CHARS),
        citations: reply.citations,
        found: reply.found.slice(0, MAX_FOUND),
        latencyMs: reply.latencyMs,
        verdict,
        ...(reply.products ? { products: reply.products } : {}),
        ...(reply.productNotes ? { productNotes: reply.productNotes } : {}),
        ...answerEvidence(reply),
      };
    } catch (error) {
      // Cut off at a time limit (not by a worker's shutdown or a cancelled check): the platform took at least this long.
      const cut = signal.aborted && (context.cancellationDetails?.timedOut || context.cancellationDetails?.notFound);
      if (cut || (error instanceof PlatformError && error.kind === 'timeout'))
        await answerTimes.record(platformId, performance.now() - startedAt);
      if (!(error instanceof PlatformError)) throw error;
      recordPlatformCall(context, platformId, { failed: error });
      if (!error.retryable)
        return platformErrorReply(platformId, platform.name, platformConfig.model, error.message, platformConfig.webSearch);
      throw ApplicationFailure.create({
        type: FAILURE.platformUnavailable,
        message: error.message,
        nextRetryDelay: error.retryAfterMs,
        details: [error.kind],
      });
    }
  };
}

/** Where a redirect link leads: its Location, read through the one fetcher's address rules, never followed. */
function redirectReader(fetcher: SiteFetcher): (url: string) => Promise<string | undefined> {
  return async (url) => {
    try {
      const response = await fetcher.fetch(url, { followRedirects: false, maxBytes: 0 });
      const location = response.status >= 300 && response.status < 400 ? response.headers.location : undefined;
      return typeof location === 'string' ? new URL(location, url).toString() : undefined;
    } catch (error) {
      // An expired, refused or unreachable link keeps the domain Gemini named; the answer stands.
      if (error instanceof SiteFetchError || error instanceof TypeError) return undefined;
      throw error;
    }
  };
}
