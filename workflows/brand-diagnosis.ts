import type { BrandLens } from '../domain/brand/lens';
import { composeBrandReport } from '../domain/brand/compose';
import { brandOutcome, type BrandOutcome } from '../domain/check-outcome';
import { askEveryPlatform } from './ask-platforms';
import { afterMonitoredRun, snapshotIdOf, type MonitorRunInput } from './monitor-run';
import { settingsOfRun } from './run-settings';
import { Progress } from './progress';
import { saveReport } from './save-report';
import { analysisStages } from './analysis-stages';
import { readBrandReplies } from './brand-reading';
import { totalCostUsd } from '../domain/shared/cost';
import { local } from './stage-options';
import type { Market } from '../domain/shared/market';
import { marketsOf } from '../domain/shared/markets';
import { marketQuestions, planLanguages } from './market-questions';
import { measureDemand } from './demand';
import type { CompetitorSite } from '../domain/brand/source-types';

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
  sourceTypes,
  snapshotId: givenSnapshotId,
  monitor,
  platforms: requested,
  ...choice
}: BrandDiagnosisInput): Promise<BrandOutcome> {
  const snapshotId = snapshotIdOf(givenSnapshotId);
  const startedAt = new Date();
  const progress = new Progress();
  const { platforms, analysisPlatform, demand: demandConfigured } = await settingsOfRun({ scope: 'survey', requested });

  const domain =
    given === undefined
      ? undefined
      : (await progress.required('normalise', 'Reading the brand’s domain', local.normaliseCheckTarget, given)).domain;
  const competitorSites = givenCompetitors.map((competitor) => (typeof competitor === 'string' ? { name: competitor } : competitor));
  const competitors = competitorSites.map(({ name }) => name);
  const analysis = analysisStages(analysisPlatform);
  // One set of questions per language the markets speak, asked in every market of that language.
  const markets = marketsOf(choice);
  const languages = planLanguages(markets);
  const plans = await Promise.all(
    languages.map((language) =>
      progress.required(
        languages.length > 1 ? `questions:${language}` : 'questions',
        `Writing the questions people ask about “${keyword}”`,
        analysis.planDiagnosis,
        { keyword, brand, ...(language ? { language } : {}) },
      ),
    ),
  );
  const { runs } = plans[0]!;
  const perMarket = marketQuestions(
    markets,
    languages,
    plans.map((plan) => plan.questions),
  );
  const questions = perMarket.flatMap(({ questions: own }) => own);
  const analysisCostUsd = totalCostUsd(plans.map((plan) => plan.analysisCostUsd));

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
  await saveReport(
    progress,
    { snapshotId, domain, createdAt: report.createdAt, monitorId: monitor?.id, platformIds: platforms.map(({ id }) => id) },
    { kind: 'brand', report },
  );
  if (monitor) await afterMonitoredRun(progress, monitor, snapshotId);
  progress.finish();
  return brandOutcome(snapshotId, report);
}
