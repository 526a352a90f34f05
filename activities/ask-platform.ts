import { ApplicationFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import type { Config } from '../domain/config';
import { FAILURE } from '../domain/failures';
import { readArticleAnswer, type ArticleLens, type ArticleVerdict } from '../domain/lenses/article';
import { readBrandAnswer, type BrandLens, type BrandVerdict } from '../domain/lenses/brand';
import { readSiteAnswer, type SiteLens, type SiteVerdict } from '../domain/lenses/site';
import { answerEvidence, platformErrorReply, STORED_ANSWER_CHARS, type PlatformReply } from '../domain/platform-reply';
import { truncate } from '../domain/text';
import { PLATFORMS, type PlatformId } from '../domain/platforms';
import { PlatformError, requestAnswer } from '../infra/platform-client';
import { SiteFetchError, type SiteFetcher } from '../infra/site-fetcher';
import type { SiteAccess } from './site-access';

/** How each kind of check reads an answer: the lens decides the verdict. */
export type Lens = SiteLens | BrandLens | ArticleLens;

interface Verdicts {
  site: SiteVerdict;
  brand: BrandVerdict;
  article: ArticleVerdict;
}
export type VerdictOf<L extends Lens> = Verdicts[L['kind']];

const READERS: { [K in keyof Verdicts]: (answer: string, citations: string[], lens: Extract<Lens, { kind: K }>) => Verdicts[K] } = {
  site: (answer, _citations, lens) => readSiteAnswer(answer, lens),
  brand: (answer, citations, lens) => readBrandAnswer(answer, citations, lens),
  article: (answer, citations, lens) => readArticleAnswer(answer, citations, lens),
};

export interface PlatformQuestion<L extends Lens> {
  platformId: PlatformId;
  question: string;
  lens: L;
}

/**
 * Asks one platform one question and reads the answer through the check's lens. A failure that
 * retrying cannot fix comes back as an `error` reply at once; a passing one (429, 5xx, timeout) is
 * thrown for Temporal to retry, at the delay the platform asked for (retry-after, a rate-limit reset,
 * Gemini's RetryInfo). The platform's budget is held by Temporal: this activity runs on the
 * platform's own task queue (worker/create-worker).
 */
export function createAskPlatform(config: Config, site: SiteAccess) {
  return async function askPlatform<L extends Lens>({ platformId, question, lens }: PlatformQuestion<L>): Promise<PlatformReply<VerdictOf<L>>> {
    const platform = PLATFORMS.find((candidate) => candidate.id === platformId)!;
    const platformConfig = config.platforms[platformId];
    const signal = Context.current().cancellationSignal;
    try {
      const resolveRedirect = redirectReader(site.fetcherFor('grounding'));
      const reply = await requestAnswer(platform, platformConfig, config.prices, question, { signal, resolveRedirect });
      const read = READERS[lens.kind] as unknown as (answer: string, citations: string[], lens: L) => VerdictOf<L>;
      const verdict = read(reply.text, reply.citations, lens);
      return { platformId, platform: platform.name, model: reply.model, status: 'answered', answer: truncate(reply.text, STORED_ANSWER_CHARS), citations: reply.citations, latencyMs: reply.latencyMs, verdict, ...answerEvidence(reply) };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (!error.retryable) return platformErrorReply(platformId, platform.name, platformConfig.model, error.message, platformConfig.webSearch);
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
