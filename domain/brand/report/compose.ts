import { actionPlanOf, type CountedAnswer, type MeasuredBrandReport } from './action-plan';
import { competitorsOf, type Competitor } from './competitors';
import { domainOf, sourcesOf } from './sources';
import { sourceTyper, type CompetitorSite } from './source-types';
import { sourceTypeRows, ugcPagesOf } from './source-views';
import { withDemand, type DemandInput } from './demand';
import { totalCostUsd } from '../../shared/cost';
import { answerEvidence, type PlatformReply } from '../../shared/platform-reply';
import { confidenceOf, formatPercent, type Rate, wilson } from '../../shared/rate';
import { REPORT_VERSION } from '../../shared/report-version';
import type { Market } from '../../shared/market';
import { answerMarket, reportMarkets } from '../../shared/markets';
import { marketKey } from '../../shared/market';
import { marketSections } from '../../shared/market-comparison';
import { BRAND_METRICS } from './metrics';
import type { BrandAnswerVerdict } from '../reader/answer';
import type { AnswerReading } from '../reader/model-verdict';
import type { BrandQuestion } from '../questions';
import type { BrandAnswer, BrandReport, BrandStage } from './report-schema';
import { surfacePresenceOf, surfaceVsApiOf } from './surfaces';
import { withCardReading, type BrandCard } from '../reader/card-slots';
import { productVisibilityOf } from './product-visibility';

/**
 * Composes a brand diagnosis from the analysed replies (docs/checks/brand.md). Pure and
 * light (types only from the schema), so it runs in workflow code. Headline metrics count the answers
 * to questions without the brand's name that answered; errors and no-answers are listed, not counted.
 */

export interface AnalysedReply {
  questionId: string;
  run: number;
  reply: PlatformReply<BrandAnswerVerdict>;
  /** The market it was asked in, if any. */
  market?: Market;
  /** Who read an answered reply, where the readers disagree, why the rules stand (workflows/brand-reading.ts). */
  reading?: AnswerReading;
}

export interface BrandComposeInput {
  keyword: string;
  brand: string;
  domain?: string;
  aliases: readonly string[];
  /** The markets asked in; none (or `[undefined]`): no location, English. */
  markets?: readonly (Market | undefined)[];
  /** The competitors the user named. */
  competitors: readonly string[];
  /** The brand's products the request lists: a product card naming one is the brand's. */
  products?: readonly string[];
  /** The same competitors with the domains the request gave beside their names (source types). */
  competitorSites?: readonly CompetitorSite[];
  /** The request's own source types by domain (`sourceTypes`). */
  sourceTypes?: Readonly<Record<string, string>>;
  questions: readonly BrandQuestion[];
  replies: readonly AnalysedReply[];
  startedAt: Date;
  finishedAt: Date;
  /** What the analysis platform's requests (the questions, the model's reading) cost; counted in costUsd. */
  analysisCostUsd?: number | null;
  /** Demand as measured (docs/checks/brand.md, "Demand"); absent in runs from before it. */
  demand?: DemandInput;
  /** How the answers were read; the rules unless the analysis model read them. */
  readingMethod?: BrandReport['readingMethod'];
}

interface Counted extends CountedAnswer {
  verdict?: BrandAnswerVerdict;
}

export function composeBrandReport(input: BrandComposeInput): BrandReport {
  const questionsById = new Map(input.questions.map((question) => [question.id, question]));
  // Product cards are the answers' first slots, whichever reader read the text.
  const replies = input.replies.map((entry) => withCardReading(entry, input));
  const counted: Counted[] = replies.map(({ questionId, run, reply, market, reading, cards }) => ({
    answer: { ...answerOf(questionId, run, reply, market, cards), ...reading },
    verdict: reply.status === 'answered' ? reply.verdict : undefined,
    question: questionsById.get(questionId)!,
  }));
  const answered = (branded: boolean) =>
    counted.filter((entry) => entry.question.branded === branded && entry.answer.status === 'answered');
  const unbranded = answered(false);

  const brandNamed = unbranded.filter((entry) => entry.answer.mentioned).length;
  const competitors = competitorsOf(unbranded, input, brandNamed);
  const voices = brandNamed + competitors.reduce((sum, competitor) => sum + competitor.mentions, 0);
  const metrics = {
    ...breakdown(unbranded),
    shareOfVoice: wilson(brandNamed, voices),
    citationRate: wilson(unbranded.filter((entry) => entry.answer.brandCited).length, unbranded.length),
  };

  const stage = stageOf(metrics.mentionRate, metrics.shareOfVoice, competitors);
  const confidence = confidenceOf([metrics.mentionRate, metrics.firstRecommendationRate, metrics.shareOfVoice]);
  const platforms = [...new Set(counted.map((entry) => entry.answer.platform))];
  const byPlatform = platforms.map((platform) => {
    const mine = unbranded.filter((entry) => entry.answer.platform === platform);
    const errors = counted.filter((entry) => entry.answer.platform === platform && entry.answer.status === 'error').length;
    return {
      platform,
      errors,
      ...breakdown(mine),
      citationRate: wilson(mine.filter((entry) => entry.answer.brandCited).length, mine.length),
    };
  });
  const byMarket = marketRows(input.markets, counted, unbranded);
  const surfaceEntries = replies.map(({ reply }, index) => ({
    platformId: reply.platformId,
    platform: reply.platform,
    status: reply.status,
    unbranded: !counted[index]!.question.branded,
    counted: counted[index]!.answer.status === 'answered',
    mentioned: counted[index]!.answer.mentioned,
    firstRecommended: counted[index]!.answer.firstRecommended,
  }));
  const surfacePresence = surfacePresenceOf(surfaceEntries);
  const productVisibility = productVisibilityOf(
    replies.map(({ reply, market, cards }) => ({ ...reply, ...(market ? { market } : {}), cards })),
  );
  const surfaceVsApi = surfaceVsApiOf(surfaceEntries);
  const intents = [...new Set(input.questions.filter((question) => !question.branded).map((question) => question.intent))];
  const byIntent = intents.map((intent) => ({ intent, ...breakdown(unbranded.filter((entry) => entry.question.intent === intent)) }));

  const typeOf = sourceTyper({
    brandDomain: input.domain,
    given: input.competitorSites ?? input.competitors.map((name) => ({ name })),
    discovered: competitors.filter((competitor) => competitor.discovered).map((competitor) => competitor.name),
    overrides: input.sourceTypes,
  });
  const typed = unbranded.map((entry) => ({
    answer: entry.answer,
    question: entry.question.text,
    ...(entry.question.market ? { market: entry.question.market } : {}),
  }));
  const competitorNames = competitors.map((competitor) => competitor.name);
  const demanded = input.demand
    ? withDemand(
        input.demand,
        input.keyword,
        input.markets?.length ? input.markets : [undefined],
        input.questions,
        unbranded.map(({ question, answer }) => ({ question, mentioned: answer.mentioned, firstRecommended: answer.firstRecommended })),
      )
    : undefined;

  const measured: MeasuredBrandReport = {
    kind: 'brand',
    version: REPORT_VERSION,
    keyword: input.keyword,
    brand: input.brand,
    ...(input.domain ? { domain: input.domain } : {}),
    aliases: [...input.aliases],
    ...(input.products?.length ? { products: [...input.products] } : {}),
    ...reportMarkets(input.markets),
    createdAt: input.finishedAt.toISOString(),
    durationMs: Math.max(0, input.finishedAt.getTime() - input.startedAt.getTime()),
    costUsd: totalCostUsd([...counted.map((entry) => entry.answer.costUsd), input.analysisCostUsd, demanded?.demand.costUsd]),
    questions: demanded?.questions ?? [...input.questions],
    answers: counted.map(({ answer }) =>
      answer.citations.length > 0 ? { ...answer, citationTypes: answer.citations.map((url) => typeOf(domainOf(url) ?? url)) } : answer,
    ),
    readingMethod: input.readingMethod ?? 'rules',
    ...sourcesOf(typed, input.domain, competitorNames, typeOf),
    sourceTypes: sourceTypeRows(typed, typeOf),
    ugcPages: ugcPagesOf(typed, competitorNames, typeOf),
    ...(demanded ? { demand: demanded.demand } : {}),
    metrics,
    branded: breakdown(answered(true)),
    byPlatform,
    ...marketSections(byMarket, BRAND_METRICS),
    byIntent,
    ...(surfacePresence.length > 0 ? { surfacePresence } : {}),
    ...(surfaceVsApi.length > 0 ? { surfaceVsApi } : {}),
    ...(productVisibility.length > 0 ? { productVisibility } : {}),
    competitors,
    stage,
    confidence,
  };
  return { ...measured, conclusion: conclusionOf(measured), actionPlan: actionPlanOf(measured, unbranded) };
}

function answerOf(
  questionId: string,
  run: number,
  reply: PlatformReply<BrandAnswerVerdict>,
  asked: Market | undefined,
  cards: readonly BrandCard[],
): BrandAnswer {
  const market = answerMarket(asked, reply.market);
  const base = {
    questionId,
    platform: reply.platform,
    run,
    answer: reply.answer,
    citations: reply.citations,
    model: reply.model,
    ...answerEvidence(reply),
    ...(market ? { market } : {}),
  };
  const none = { mentioned: false, rank: null, firstRecommended: false, brandCited: false, entities: [] };
  if (reply.status === 'error') return { ...base, status: 'error', ...none, error: reply.error };
  if (reply.status !== 'answered') return { ...base, status: reply.status, reason: reply.reason, ...none };
  const { verdict } = reply;
  const { mentioned, rank, firstRecommended, brandCited, entities, sentiment, sentimentEvidence } = verdict;
  const found = reply.found && reply.found.length > 0 ? { found: reply.found } : {};
  return {
    ...base,
    status: verdict.noAnswer ? 'no-answer' : 'answered',
    mentioned,
    rank,
    firstRecommended,
    brandCited,
    entities,
    ...(sentiment ? { sentiment, sentimentEvidence } : {}),
    ...found,
    ...(cards.length > 0 ? { products: [...cards] } : {}),
    ...(reply.productNotes ? { productNotes: reply.productNotes } : {}),
  };
}

/** Each market's rates, as byPlatform's (none for a diagnosis without markets). */
function marketRows(markets: BrandComposeInput['markets'], counted: readonly Counted[], unbranded: readonly Counted[]) {
  const given = (markets ?? []).filter((market): market is Market => market !== undefined);
  return given.map((market) => {
    const key = marketKey(market);
    const inMarket = (entry: Counted) => entry.answer.market !== undefined && marketKey(entry.answer.market) === key;
    const mine = unbranded.filter(inMarket);
    return {
      market: { country: market.country, language: market.language, ...(market.city ? { city: market.city } : {}) },
      key,
      errors: counted.filter((entry) => inMarket(entry) && entry.answer.status === 'error').length,
      ...breakdown(mine),
      citationRate: wilson(mine.filter((entry) => entry.answer.brandCited).length, mine.length),
    };
  });
}

function breakdown(entries: readonly Counted[]) {
  return {
    answers: entries.length,
    mentionRate: wilson(entries.filter((entry) => entry.answer.mentioned).length, entries.length),
    firstRecommendationRate: wilson(entries.filter((entry) => entry.answer.firstRecommended).length, entries.length),
  };
}

/**
 * The mention rate (over answers to unbranded questions) from which each stage begins; `leading` also
 * needs no competitor with a larger share of voice.
 */
export const STAGE_THRESHOLDS: Readonly<Record<BrandStage, number>> = { invisible: 0, emerging: 0.05, competitive: 0.2, leading: 0.4 };

function stageOf(mentionRate: Rate, shareOfVoice: Rate, competitors: readonly Competitor[]): BrandStage {
  if (mentionRate.value < STAGE_THRESHOLDS.emerging) return 'invisible';
  if (mentionRate.value < STAGE_THRESHOLDS.competitive) return 'emerging';
  if (
    mentionRate.value >= STAGE_THRESHOLDS.leading &&
    competitors.every((competitor) => competitor.shareOfVoice.value <= shareOfVoice.value)
  )
    return 'leading';
  return 'competitive';
}

function leaderOf(report: MeasuredBrandReport): Competitor | undefined {
  return [...report.competitors].sort((a, b) => b.shareOfVoice.value - a.shareOfVoice.value)[0];
}

function conclusionOf(report: MeasuredBrandReport): string {
  const { metrics, brand, keyword } = report;
  if (metrics.answers === 0)
    return `No platform gave a usable answer about “${keyword}”, so nothing can be concluded about ${brand} yet; check the platform errors and run the diagnosis again.`;
  const leader = leaderOf(report);
  const ahead =
    leader && leader.shareOfVoice.value > metrics.shareOfVoice.value
      ? `, behind ${leader.name} (${formatPercent(leader.shareOfVoice.value)})`
      : '';
  return (
    `${brand} is named in ${formatPercent(metrics.mentionRate.value)} of ${metrics.answers} AI answers about “${keyword}” (95% interval ${formatPercent(metrics.mentionRate.low)}–${formatPercent(metrics.mentionRate.high)}) ` +
    `and named first in ${formatPercent(metrics.firstRecommendationRate.value)}; its share of voice is ${formatPercent(metrics.shareOfVoice.value)}${ahead}.`
  );
}
