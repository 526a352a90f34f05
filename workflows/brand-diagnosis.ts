import type { BrandLens } from '../domain/brand/lens';
import { composeBrandReport } from '../domain/brand/report/compose';
import { brandOutcome, type BrandOutcome } from '../domain/check-outcome';
import { askEveryPlatform } from './ask-platforms';
import type { MonitorRunInput } from './monitor-run';
import { readBrandReplies } from './brand-reading';
import { totalCostUsd } from '../domain/shared/cost';
import { local } from './stage-options';
import type { Market } from '../domain/shared/market';
import { finishSurvey, planSurveyQuestions, startSurvey } from './survey';
import { measureDemand } from './demand';
import type { CompetitorSite } from '../domain/brand/report/source-types';

export interface BrandDiagnosisInput {
  keyword: string;
  brand: string;
  /** The brand's own domain or URL: citations of it count as the brand cited. */
  domain?: string;
  aliases?: string[];
  /** Names, or names with the competitor's domain (its site is then typed `competitor`). */
  competitors?: (string | CompetitorSite)[];
  /** The request's own source types by domain (docs/checks/brand.md, "Source types"). */
  sourceTypes?: Record<string, string>;
  /** The brand's products: a product card naming one is the brand's. */
  products?: string[];
  /** The platform ids to ask (checked by the gateway); unset: every assistant and every configured surface. */
  platforms?: string[];
  /** Absent in a monitor's scheduled run, which makes its own. */
  snapshotId?: string;
  /** Set when a monitor's schedule started the run. */
  monitor?: MonitorRunInput;
  /** Where the questions are asked from (one, or up to 5 with `markets`); unset: no location, English. */
  market?: Market;
  markets?: Market[];
}

/**
 * One brand GEO diagnosis: the questions people ask about the keyword, each asked of every platform,
 * each answer read for the brand and its competitors, then the metrics, stage and action plan.
 */
export async function brandDiagnosisWorkflow({
  keyword,
  brand,
  domain: given,
  aliases = [],
  competitors: givenCompetitors = [],
  products,
  sourceTypes,
  snapshotId,
  monitor,
  platforms: requested,
  ...choice
}: BrandDiagnosisInput): Promise<BrandOutcome> {
  const run = await startSurvey({ snapshotId, monitor, platforms: requested });
  const { progress, platforms, analysis, startedAt, demand: demandConfigured } = run;

  const domain =
    given === undefined
      ? undefined
      : (await progress.required('normalise', 'Reading the brand’s domain', local.normaliseCheckTarget, given)).domain;
  const competitorSites = givenCompetitors.map((competitor) => (typeof competitor === 'string' ? { name: competitor } : competitor));
  const competitors = competitorSites.map(({ name }) => name);
  const { markets, plans, perMarket, questions, analysisCostUsd } = await planSurveyQuestions(choice, (step, language) =>
    progress.required(step, `Writing the questions people ask about “${keyword}”`, analysis.planDiagnosis, {
      keyword,
      brand,
      ...(language ? { language } : {}),
    }),
  );
  const { runs } = plans[0]!;

  const lens: BrandLens = { kind: 'brand', brand, aliases, domain, competitors };
  const asks = perMarket.flatMap(({ market, questions: own }) =>
    own.flatMap((question) =>
      Array.from({ length: runs }, (_, index) => ({
        questionId: question.id,
        run: index + 1,
        key: runs > 1 ? `${question.id}:${index + 1}` : question.id,
        text: question.text,
        ...(market ? { market } : {}),
      })),
    ),
  );
  // How many people ask is measured while the platforms answer: it needs the questions, not the answers.
  const demanded = measureDemand(progress, demandConfigured, keyword, markets, questions);
  const asked = (await askEveryPlatform(progress, platforms, asks, lens)).flatMap((perPlatform) =>
    perPlatform.map((reply, index) => ({ ...asks[index]!, reply })),
  );
  const { replies, readingMethod, costUsd: readingCostUsd } = await readBrandReplies(progress, analysis, lens, questions, asked);

  const demand = await demanded;
  const report = composeBrandReport({
    keyword,
    brand,
    domain,
    aliases,
    competitors,
    ...(products?.length ? { products } : {}),
    competitorSites,
    ...(sourceTypes ? { sourceTypes } : {}),
    markets,
    questions,
    replies,
    startedAt,
    finishedAt: new Date(),
    analysisCostUsd: totalCostUsd([analysisCostUsd, readingCostUsd]),
    readingMethod,
    demand,
  });
  await finishSurvey(run, domain, { kind: 'brand', report });
  return brandOutcome(run.snapshotId, report);
}
