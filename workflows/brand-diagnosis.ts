import type { BrandLens } from '../domain/brand/lens';
import { composeBrandReport } from '../domain/brand/compose';
import { brandOutcome, type BrandOutcome } from '../domain/check-outcome';
import { askEveryPlatform } from './ask-platforms';
import { afterMonitoredRun, snapshotIdOf, type MonitorRunInput } from './monitor-run';
import { platformsOfRun } from './platforms-of-run';
import { Progress } from './progress';
import { saveReport } from './save-report';
import { analysisStages } from './analysis-stages';
import { readBrandReplies } from './brand-reading';
import { totalCostUsd } from '../domain/shared/cost';
import { local } from './stage-options';

export interface BrandDiagnosisInput {
  keyword: string;
  brand: string;
  /** The brand's own domain or URL: citations of it count as the brand cited. */
  domain?: string;
  aliases?: string[];
  competitors?: string[];
  /** The platform ids to ask (checked by the gateway); unset: every assistant and every configured surface. */
  platforms?: string[];
  /** Absent in a monitor's scheduled run, which makes its own. */
  snapshotId?: string;
  /** Set when a monitor's schedule started the run. */
  monitor?: MonitorRunInput;
}

/**
 * One brand GEO diagnosis: the questions people ask about the keyword, each asked of every platform,
 * each answer read for the brand and its competitors, then the metrics, stage and action plan.
 */
export async function brandDiagnosisWorkflow({ keyword, brand, domain: given, aliases = [], competitors = [], platforms: requested, snapshotId: givenSnapshotId, monitor }: BrandDiagnosisInput): Promise<BrandOutcome> {
  const snapshotId = snapshotIdOf(givenSnapshotId);
  const startedAt = new Date();
  const progress = new Progress();
  const platforms = await platformsOfRun({ scope: 'survey', requested });

  const domain = given === undefined ? undefined : (await progress.required('normalise', 'Reading the brand’s domain', local.normaliseCheckTarget, given)).domain;
  const analysis = await analysisStages();
  const { questions, runs, platformConcurrency, analysisCostUsd } = await progress.required('questions', `Writing the questions people ask about “${keyword}”`, analysis.planDiagnosis, { keyword, brand });

  const lens: BrandLens = { kind: 'brand', brand, aliases, domain, competitors };
  const asks = questions.flatMap((question) =>
    Array.from({ length: runs }, (_, index) => ({ questionId: question.id, run: index + 1, key: runs > 1 ? `${question.id}:${index + 1}` : question.id, text: question.text })),
  );
  const asked = (await askEveryPlatform(progress, platforms, asks, platformConcurrency, lens)).flatMap((perPlatform) => perPlatform.map((reply, index) => ({ ...asks[index]!, reply })));
  const { replies, readingMethod, costUsd: readingCostUsd } = await readBrandReplies(progress, analysis, lens, questions, asked);

  const report = composeBrandReport({ keyword, brand, domain, aliases, competitors, questions, replies, startedAt, finishedAt: new Date(), analysisCostUsd: totalCostUsd([analysisCostUsd, readingCostUsd]), readingMethod });
  await saveReport(progress, { snapshotId, domain, createdAt: report.createdAt, monitorId: monitor?.id, platformIds: platforms.map(({ id }) => id) }, { kind: 'brand', report });
  if (monitor) await afterMonitoredRun(progress, monitor, snapshotId);
  progress.finish();
  return brandOutcome(snapshotId, report);
}
