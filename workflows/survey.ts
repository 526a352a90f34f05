import type { RunSettings } from '../activities/run-settings';
import type { KindedReport } from '../domain/check-outcome';
import { totalCostUsd } from '../domain/shared/cost';
import type { Market } from '../domain/shared/market';
import { marketsOf, type MarketChoice } from '../domain/shared/markets';
import { analysisStages, type AnalysisStages } from './analysis-stages';
import { marketQuestions, planLanguages } from './market-questions';
import { afterMonitoredRun, snapshotIdOf, type MonitorRunInput } from './monitor-run';
import { Progress } from './progress';
import { settingsOfRun } from './run-settings';
import { saveReport } from './save-report';

/**
 * The skeleton a survey shares (a brand diagnosis, an article check: questions asked of every chosen
 * platform in every market, docs/checks/brand.md and docs/checks/article.md): its start, its questions
 * planned once per language, and its end. Each step issues the same commands, in the same order, as
 * the two workflows did when each wrote it out, so their recorded histories replay unchanged.
 */

export interface SurveyRun {
  snapshotId: string;
  startedAt: Date;
  progress: Progress;
  platforms: RunSettings['platforms'];
  analysis: AnalysisStages;
  analysisPlatform: RunSettings['analysisPlatform'];
  /** DataForSEO is configured for demand (a brand diagnosis measures it). */
  demand: boolean;
  monitor?: MonitorRunInput;
}

/** A survey's start: its snapshot id (a monitor's scheduled run makes its own), then the platforms it asks, read first. */
export async function startSurvey(given: { snapshotId?: string; monitor?: MonitorRunInput; platforms?: string[] }): Promise<SurveyRun> {
  const snapshotId = snapshotIdOf(given.snapshotId);
  const startedAt = new Date();
  const progress = new Progress();
  const { platforms, analysisPlatform, demand } = await settingsOfRun({ scope: 'survey', requested: given.platforms });
  return {
    snapshotId,
    startedAt,
    progress,
    platforms,
    analysisPlatform,
    analysis: analysisStages(analysisPlatform),
    demand: demand ?? false,
    monitor: given.monitor,
  };
}

interface Plan {
  questions: readonly { id: string }[];
  analysisCostUsd?: number | null;
}

/**
 * One set of questions per language the markets speak, planned at once (`plan` runs the kind's own
 * stage under the step name it is given), and asked in every market of that language.
 */
export async function planSurveyQuestions<P extends Plan>(
  choice: MarketChoice,
  plan: (step: string, language: string | undefined) => Promise<P>,
): Promise<{
  markets: (Market | undefined)[];
  plans: P[];
  perMarket: { market?: Market; questions: (P['questions'][number] & { market?: string })[] }[];
  questions: (P['questions'][number] & { market?: string })[];
  analysisCostUsd: number | null;
}> {
  const markets = marketsOf(choice);
  const languages = planLanguages(markets);
  const plans = await Promise.all(
    languages.map((language) => plan(languages.length > 1 ? `questions:${language}` : 'questions', language)),
  );
  const perMarket = marketQuestions(
    markets,
    languages,
    plans.map((one) => one.questions),
  );
  return {
    markets,
    plans,
    perMarket,
    questions: perMarket.flatMap(({ questions }) => questions),
    analysisCostUsd: totalCostUsd(plans.map((one) => one.analysisCostUsd)),
  };
}

/** A survey's end: its report saved as the snapshot, a monitored run's comparison and alerts, and the progress closed. */
export async function finishSurvey(run: SurveyRun, domain: string | undefined, stored: KindedReport): Promise<void> {
  const { progress, snapshotId, monitor, platforms } = run;
  await saveReport(
    progress,
    { snapshotId, domain, createdAt: stored.report.createdAt, monitorId: monitor?.id, platformIds: platforms.map(({ id }) => id) },
    stored,
  );
  if (monitor) await afterMonitoredRun(progress, monitor, snapshotId);
  progress.finish();
}
