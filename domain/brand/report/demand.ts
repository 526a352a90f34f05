import type { Market } from '../../shared/market';
import { marketKey } from '../../shared/market';
import { compareText } from '../../shared/text';
import type { Demand, QuestionDemand } from './demand-schema';
import type { BrandQuestion } from '../questions';
import { googleAdsTakes, searchPhrase } from '../search-phrase';

/**
 * Demand: how many people ask (docs/checks/brand.md, "Demand"). Which phrases a diagnosis measures in
 * each market, one batched request per market and endpoint, and what the volumes make of the report:
 * each question's demand, the questions by demand, and the rates weighted by AI search volume. Pure
 * and light: runs in workflow code.
 */

/** `ai`: DataForSEO's AI search volume; `google`: Google Ads' search volume through DataForSEO. */
export type DemandEndpoint = 'ai' | 'google';
export const DEMAND_ENDPOINTS: readonly DemandEndpoint[] = ['ai', 'google'];

/** DataForSEO takes up to 1,000 keywords a task on both endpoints. */
export const MAX_KEYWORDS_PER_REQUEST = 1000;

export interface DemandRequest {
  endpoint: DemandEndpoint;
  market?: Market;
  phrases: string[];
}

export interface DemandVolume {
  phrase: string;
  /** null: no data (an omitted keyword, a null, or a 0). */
  volume: number | null;
  /** "2026-10"; null when the provider gave no month. */
  month: string | null;
}

export interface DemandResult {
  endpoint: DemandEndpoint;
  /** The market's key ("DE-de"); absent for a diagnosis without markets. */
  market?: string;
  volumes?: DemandVolume[];
  costUsd?: number | null;
  /** Why the provider gave nothing: its volumes are null. */
  error?: string;
}

/** What the workflow measured: nothing when DataForSEO is not configured. */
export type DemandInput = { configured: false } | { configured: true; results: readonly DemandResult[] };

type MarketQuestion = Pick<BrandQuestion, 'text'> & { market?: string };

/** The requests of a diagnosis: per market and endpoint, the keyword's phrase and every question's, each once. */
export function demandRequests(
  keyword: string,
  markets: readonly (Market | undefined)[],
  questions: readonly MarketQuestion[],
): DemandRequest[] {
  return markets.flatMap((market) => {
    const key = market ? marketKey(market) : undefined;
    const phrases = [
      ...new Set([
        searchPhrase(keyword),
        ...questions.filter((question) => question.market === key).map((question) => searchPhrase(question.text)),
      ]),
    ].filter(Boolean);
    return DEMAND_ENDPOINTS.flatMap((endpoint) => {
      // Google Ads refuses a keyword over 80 characters or 10 words, and the whole request with it: send none.
      const sent = (endpoint === 'google' ? phrases.filter(googleAdsTakes) : phrases).slice(0, MAX_KEYWORDS_PER_REQUEST);
      return sent.length > 0 ? [{ endpoint, ...(market ? { market } : {}), phrases: sent }] : [];
    });
  });
}

const positive = (volume: number | null | undefined): number | null =>
  typeof volume === 'number' && volume > 0 ? Math.round(volume) : null;

/** The demand of one phrase in one market, from both endpoints' results. */
function demandOf(phrase: string, market: string | undefined, results: readonly DemandResult[]): QuestionDemand {
  const found = (endpoint: DemandEndpoint) => {
    const result = results.find((entry) => entry.endpoint === endpoint && entry.market === market);
    return { result, volume: result?.volumes?.find((entry) => entry.phrase === phrase) };
  };
  const ai = found('ai');
  const google = found('google');
  const aiSearchVolume = positive(ai.volume?.volume);
  const searchVolume = positive(google.volume?.volume);
  const month =
    (aiSearchVolume !== null ? ai.volume?.month : undefined) ?? (searchVolume !== null ? google.volume?.month : undefined) ?? null;
  const reason = [ai.result?.error, google.result?.error].filter(Boolean).join('; ');
  return { phrase, aiSearchVolume, searchVolume, month, source: 'dataforseo', ...(reason ? { reason } : {}) };
}

const NOT_CONFIGURED: Demand = {
  status: 'not-configured',
  reason: 'not-configured: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD to measure demand',
};

interface Weighed {
  question: { id: string; branded: boolean };
  mentioned: boolean;
  firstRecommended: boolean;
}

/**
 * The questions with their demand, most asked first (AI search volume, then Google's; no data last),
 * and the report's demand: the keyword's, the weighted rates over the answers `counted` (answers to
 * questions without the brand that answered) and what the requests cost.
 */
export function withDemand<Q extends MarketQuestion & { id: string; branded: boolean }>(
  input: DemandInput,
  keyword: string,
  markets: readonly (Market | undefined)[],
  questions: readonly Q[],
  counted: readonly Weighed[],
): { questions: (Q & { demand?: QuestionDemand })[]; demand: Demand } {
  if (!input.configured) return { questions: [...questions], demand: NOT_CONFIGURED };
  const measured = questions.map((question) => ({
    ...question,
    demand: demandOf(searchPhrase(question.text), question.market, input.results),
  }));
  const byDemand = measured
    .map((question, index) => ({ question, index }))
    .sort(
      (a, b) =>
        (b.question.demand.aiSearchVolume ?? -1) - (a.question.demand.aiSearchVolume ?? -1) ||
        (b.question.demand.searchVolume ?? -1) - (a.question.demand.searchVolume ?? -1) ||
        a.index - b.index,
    )
    .map(({ question }) => question);
  const weightOf = new Map(measured.map((question) => [question.id, question.demand.aiSearchVolume]));
  const unbranded = measured.filter((question) => !question.branded);
  const weighed = counted.filter((entry) => !entry.question.branded && weightOf.get(entry.question.id) != null);
  const total = weighed.reduce((sum, entry) => sum + weightOf.get(entry.question.id)!, 0);
  const rate = (counts: (entry: Weighed) => boolean) =>
    total > 0
      ? Math.round((weighed.filter(counts).reduce((sum, entry) => sum + weightOf.get(entry.question.id)!, 0) / total) * 10_000) / 10_000
      : null;
  const errors = input.results.flatMap((result) =>
    result.error ? [{ ...(result.market ? { market: result.market } : {}), endpoint: result.endpoint, reason: result.error }] : [],
  );
  const costUsd = input.results.reduce((sum, result) => sum + (result.costUsd ?? 0), 0);
  const phrase = searchPhrase(keyword);
  return {
    questions: byDemand,
    demand: {
      status: 'measured',
      keyword: markets.map((market) => {
        const key = market ? marketKey(market) : undefined;
        return { ...demandOf(phrase, key, input.results), ...(key ? { market: key } : {}) };
      }),
      weighted: {
        questions: unbranded.filter((question) => question.demand.aiSearchVolume !== null).length,
        of: unbranded.length,
        answers: weighed.length,
        mentionRate: rate((entry) => entry.mentioned),
        firstRecommendationRate: rate((entry) => entry.firstRecommended),
      },
      ...(errors.length > 0 ? { errors: errors.sort((a, b) => compareText(a.market ?? '', b.market ?? '')) } : {}),
      costUsd: Math.round(costUsd * 1_000_000) / 1_000_000,
    },
  };
}
