import { canonicalUrls } from '../domain/shared/canonical-url';
import type { PlatformConfig } from '../domain/shared/config';
import { platformTimeoutMs, type PlatformDefinition } from '../domain/shared/platforms';
import type { Market } from '../domain/shared/market';
import { platformSetting } from '../domain/shared/platform-choice';
import type { StructuredOutput } from '../domain/shared/structured-output';
import { costUsd, type PriceTable } from '../domain/shared/prices';
import type { AnswerEvidence, ShownProducts, SurfaceAbsence } from '../domain/shared/platform-reply';
import { redact } from './platforms/http-failure';
import { notIn } from './platforms/citations';
import { PlatformError } from './platforms/platform-error';
import type { PlatformRequest } from './platforms/protocol';
import { askProtocol } from './platforms/protocols';
import { timeoutFailure } from './platforms/transport-failure';

/**
 * Asks one AI platform one question through its vendor's current API, with web search unless
 * configured off (docs/platforms.md). One attempt only: every failure becomes a PlatformError
 * that says whether Temporal should retry it and when.
 */

export { PlatformError, type PlatformErrorKind } from './platforms/platform-error';

/** One answer as every kind of check gets it: the evidence its reply keeps (platform-reply.ts), with the text it answered. */
export interface PlatformAnswer extends AnswerEvidence, ShownProducts {
  text: string;
  /** URLs the vendor marks as cited, canonical (no tracking parameters) and each once, in the platform's order. */
  citations: string[];
  /** Pages the search found that the answer does not cite, canonical. */
  found: string[];
  /** The model that answered, as the platform names it. */
  model: string;
  latencyMs: number;
  /** A surface that showed no answer or is not offered in the market: a result, with empty text. */
  absent?: SurfaceAbsence;
}

export interface AskOptions {
  /** The whole call, response body included. Default: the platform's own limit (platformTimeoutMs, 60 s unless its definition says more). */
  timeoutMs?: number;
  /** Aborting it rejects with the signal's reason (an activity's cancellation stays a cancellation). */
  signal?: AbortSignal;
  /** Reads where a citation's redirect link leads (Gemini's grounding links); by default none is read. */
  resolveRedirect?: (url: string) => Promise<string | undefined>;
  /** A structured-output schema: the answer's text is then the JSON the vendor returned in that shape. */
  output?: StructuredOutput;
  /** Where the person asks from; the protocol applies it as its vendor documents and says how. */
  market?: Market;
}

export async function requestAnswer(
  platform: PlatformDefinition,
  config: PlatformConfig,
  prices: PriceTable,
  question: string,
  options: AskOptions = {},
): Promise<PlatformAnswer> {
  const { apiKey } = config;
  if (!apiKey) throw new PlatformError('not-configured', `${platform.name} is not configured: ${platformSetting(platform)}`);

  const timeoutMs = options.timeoutMs ?? platformTimeoutMs(platform);
  // The SDKs' own timeouts stop at the response headers; this deadline also covers reading the body.
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const request: PlatformRequest = {
    platformName: platform.name,
    env: platform.env,
    dialect: platform.dialect,
    apiKey,
    baseUrl: config.baseUrl,
    model: config.model,
    webSearch: config.webSearch,
    question,
    market: options.market,
    provider: config.provider,
    output: options.output,
    timeoutMs,
    signal,
    resolveRedirect: options.resolveRedirect ?? noRedirects,
  };

  const startedAt = performance.now();
  try {
    const reply = await askProtocol(request.dialect.protocol, request);
    if (!reply.text.trim() && !reply.absent && !reply.products)
      throw new PlatformError('empty', `${platform.name} returned an empty answer`);
    // Canonical here, where every kind of check gets its answers, so no report carries tracking parameters.
    const citations = canonicalUrls(reply.citations);
    return {
      text: reply.text,
      citations,
      found: notIn(canonicalUrls(reply.found), citations),
      webSearch: config.webSearch,
      searched: reply.searched,
      searchQueries: reply.searchQueries,
      usage: reply.usage,
      costUsd: costUsd(prices, reply.priceKey ?? reply.model, reply.usage, reply.vendorCostUsd),
      model: reply.model,
      latencyMs: Math.round(performance.now() - startedAt),
      ...(options.market && reply.marketAppliedAs ? { market: { ...options.market, appliedAs: reply.marketAppliedAs } } : {}),
      ...(reply.absent ? { absent: reply.absent } : {}),
      ...(reply.products ? { products: reply.products } : {}),
      ...(reply.productNotes ? { productNotes: reply.productNotes } : {}),
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) throw timeoutFailure(request);
    if (error instanceof PlatformError) throw error;
    // Anything else is a reply no adapter could make sense of: the platform's fault, and perhaps passing.
    const detail = error instanceof Error ? `: ${redact(error.message, apiKey)}` : '';
    throw new PlatformError('server', `${platform.name} gave an unreadable answer${detail}`);
  }
}

const noRedirects = () => Promise.resolve(undefined);
