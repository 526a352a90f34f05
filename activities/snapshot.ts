import { createHash } from 'node:crypto';
import type { Config } from '../domain/config';
import { fingerprint, reportConfiguration } from '../domain/monitoring/fingerprint';
import { observe } from '../domain/monitoring/observation';
import { PLATFORMS } from '../domain/platforms';
import type { LatestDocument, SnapshotStore } from '../infra/snapshot-store';
import type { CheckKind } from '../domain/workflow-contract';

export interface SnapshotInput {
  snapshotId: string;
  kind: CheckKind;
  domain?: string;
  /** ISO 8601, the report's own. */
  createdAt: string;
  report: unknown;
  /** A site check's scores, for the domain's latest record and the rankings. */
  scores?: Pick<LatestDocument, 'totalScore' | 'crawlerScore' | 'memoryScore'>;
  /** A monitored run: the snapshot then carries the monitor, the configuration fingerprint and what the monitor compares. */
  monitorId?: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The platforms every check asks, with their models and whether they search the web (<PREFIX>_WEB_SEARCH). */
export function platformsOf(config: Config) {
  return PLATFORMS.map(({ id }) => ({ id, model: config.platforms[id].model, webSearch: config.platforms[id].webSearch }));
}

/** Stores a report once, of any kind (a retry finds it stored), and keeps a site's latest record. */
export function createSaveSnapshot(store: SnapshotStore, config?: Config) {
  return async function saveSnapshot({ snapshotId, kind, domain, createdAt, report, scores, monitorId }: SnapshotInput): Promise<void> {
    const monitored =
      monitorId === undefined
        ? {}
        : {
            monitorId,
            fingerprint: fingerprint({ kind, ...reportConfiguration(kind, report), platforms: config ? platformsOf(config) : [] }, sha256Hex),
            observation: observe(kind, report),
          };
    await store.save({ snapshotId, kind, domain, createdAt: new Date(createdAt), report, ...monitored }, scores);
  };
}
