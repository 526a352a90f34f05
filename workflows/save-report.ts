import type { SnapshotFields } from '../activities/snapshot';
import type { KindedReport } from '../domain/check-outcome';
import { REPORT_PART_CHARS, splitIntoParts } from '../domain/shared/report-parts';
import type { Progress } from './progress';
import { store } from './stage-options';

/**
 * Saves the report as the check's snapshot. A report too large for one Temporal payload goes in parts
 * first, one after another (several at once would make one workflow task too large to send), and the
 * snapshot is then joined from them by the save activity.
 */
export async function saveReport(progress: Progress, snapshot: SnapshotFields, stored: KindedReport): Promise<void> {
  const json = JSON.stringify(stored.report);
  if (json.length <= REPORT_PART_CHARS) {
    await progress.required('snapshot', 'Saving the report', store.saveSnapshot, { ...snapshot, ...stored });
    return;
  }
  const parts = splitIntoParts(json);
  for (const [index, text] of parts.entries()) {
    await progress.required(`snapshot:${index + 1}`, `Saving part ${index + 1} of ${parts.length} of the report`, store.saveReportPart, {
      snapshotId: snapshot.snapshotId,
      index,
      text,
    });
  }
  await progress.required('snapshot', 'Saving the report', store.saveSnapshot, {
    ...snapshot,
    kind: stored.kind,
    reportParts: parts.length,
  });
}
