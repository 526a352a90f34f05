import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { INTERNAL_FAILURE } from '../contract/failures';
import type { Config } from '../domain/shared/config';
import { fingerprint, reportConfiguration } from '../domain/monitoring/fingerprint';
import { isMonitored, observe } from '../domain/monitoring/observation';
import { PLATFORMS, type PlatformId } from '../domain/shared/platforms';
import type { RankingRecord, SnapshotStore } from '../infra/snapshot-store';
import type { CheckKind } from '../domain/shared/check-kinds';
import type { KindedReport } from '../domain/check-outcome';

export interface SnapshotFields {
  snapshotId: string;
  domain?: string;
  /** ISO 8601, the report's own. */
  createdAt: string;
  /** A site check's scores, for the domain's latest record and the rankings. */
  scores?: Pick<RankingRecord, 'totalScore' | 'crawlerScore' | 'memoryScore'>;
  /** A monitored run: the snapshot then carries the monitor, the configuration fingerprint and what the monitor compares. */
  monitorId?: string;
  /** The platforms the run asked (recorded at its start); absent from runs older than that record: the deployment's. */
  platformIds?: PlatformId[];
}

/** The report itself, or the number of parts its JSON was saved in first (saveReportPart), when too large for one payload. */
export type SnapshotInput = SnapshotFields & (KindedReport | { kind: CheckKind; reportParts: number });

export interface ReportPartInput {
  snapshotId: string;
  /** From 0. */
  index: number;
  text: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The platforms a run asked (those this deployment still has), with their models and whether they search the web (<PREFIX>_WEB_SEARCH). */
function platformsOf(config: Pick<Config, 'platforms'>, ids: readonly PlatformId[]) {
  return ids
    .filter((id) => id in config.platforms)
    .map((id) => ({ id, model: config.platforms[id].model, webSearch: config.platforms[id].webSearch }));
}

/** Keeps one part of a report too large for one payload, until saveSnapshot joins the parts. */
export function createSaveReportPart(store: SnapshotStore) {
  return async function saveReportPart(part: ReportPartInput): Promise<void> {
    await store.savePart(part);
  };
}

/**
 * Stores a report once, of any kind (a retry finds it stored), and keeps a site's latest record. A
 * report saved in parts is joined from them; once stored, its parts go.
 */
export function createSaveSnapshot(store: SnapshotStore, config: Pick<Config, 'platforms'>) {
  const deployed = PLATFORMS.map(({ id }) => id);
  return async function saveSnapshot(input: SnapshotInput): Promise<void> {
    const { snapshotId, domain, createdAt, scores, monitorId, platformIds = deployed } = input;
    const stored = 'report' in input ? input : await joinedReport(store, input.kind, snapshotId, input.reportParts);
    if (stored === undefined) return; // an earlier attempt stored it, then dropped its parts
    const { kind } = stored;
    const monitored =
      monitorId === undefined || !isMonitored(stored)
        ? {}
        : {
            monitorId,
            fingerprint: fingerprint({ kind, ...reportConfiguration(stored), platforms: platformsOf(config, platformIds) }, sha256Hex),
            observation: observe(stored),
          };
    await store.save({ ...stored, snapshotId, domain, createdAt: new Date(createdAt), ...monitored }, scores);
    if ('reportParts' in input) await store.dropParts(snapshotId, input.reportParts);
  };
}

/** The report saved in parts; undefined when its parts are gone because it is stored already. */
async function joinedReport(store: SnapshotStore, kind: CheckKind, snapshotId: string, parts: number): Promise<KindedReport | undefined> {
  const json = await store.joinedParts(snapshotId, parts);
  // The parts hold the JSON of the report the workflow of this kind composed.
  if (json !== undefined) return { kind, report: JSON.parse(json) } as KindedReport;
  if ((await store.report(snapshotId)) !== null) return undefined;
  throw ApplicationFailure.nonRetryable(
    `the report of ${snapshotId} lacks some of its ${parts} parts`,
    INTERNAL_FAILURE.reportPartsMissing,
  );
}
