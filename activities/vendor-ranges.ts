import { ApplicationFailure } from '@temporalio/common';
import { FAILURE } from '../contract/failures';
import { parseRangeFile } from '../domain/traffic/ip-ranges';
import { RANGE_FILES, type RangeFileSource } from '../domain/traffic/range-files';
import type { VendorRangeStore } from '../infra/vendor-range-store';
import type { SiteAccess } from './support/site-access';

export interface RangeRefreshInput {
  /** Only when no range file is stored yet (a crawler log on a fresh deployment); the schedule refreshes always. */
  ifNoneStored?: boolean;
}

export interface RangeRefresh {
  /** Ids of the files fetched and stored, with the vendor's creationTime. */
  refreshed: { id: string; creationTime?: string }[];
  /** Files that could not be fetched or read: their last stored copy stays. */
  failed: { id: string; reason: string }[];
  /** Nothing fetched: ranges were stored already (ifNoneStored). */
  skipped?: boolean;
}

/** Range files are small (Google's largest is ~100 KB); Amazon's page is HTML around the JSON. */
const RANGE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Fetches every vendor's range file through the one fetcher and stores those it could read. A vendor
 * that fails keeps its last copy; when not one file could be fetched the activity fails, so Temporal
 * retries it (the vendors or the network are down, not one file).
 */
export function createRefreshVendorRanges(site: SiteAccess, ranges: VendorRangeStore) {
  return async function refreshVendorRanges({ ifNoneStored = false }: RangeRefreshInput = {}): Promise<RangeRefresh> {
    if (ifNoneStored && (await ranges.count()) > 0) return { refreshed: [], failed: [], skipped: true };
    const outcomes = await Promise.all(RANGE_FILES.map((source) => refreshOne(site, ranges, source)));
    const refreshed = outcomes.flatMap((outcome) => ('creationTime' in outcome ? [outcome] : []));
    const failed = outcomes.flatMap((outcome) => ('reason' in outcome ? [outcome] : []));
    if (refreshed.length === 0) throw ApplicationFailure.retryable(unavailable(failed), FAILURE.rangeFilesUnavailable);
    return { refreshed, failed };
  };
}

/** Said on a traffic report: the first file's reason stands for the rest (the vendors or the network are down). */
function unavailable(failed: RangeRefresh['failed']): string {
  const [first] = failed;
  const more = failed.length > 1 ? `, and ${failed.length - 1} more file${failed.length > 2 ? 's' : ''}` : '';
  return `no vendor range file could be fetched (${first ? `${first.id}: ${first.reason}` : 'none listed'}${more})`;
}

async function refreshOne(
  site: SiteAccess,
  ranges: VendorRangeStore,
  source: RangeFileSource,
): Promise<{ id: string; creationTime: string | undefined } | { id: string; reason: string }> {
  try {
    const response = await site
      .fetcherFor('rangeFile')
      .fetch(source.url, { maxBytes: RANGE_FILE_MAX_BYTES, accept: source.format === 'html-json' ? 'text/html' : 'application/json' });
    if (response.status !== 200) return { id: source.id, reason: `HTTP ${response.status}` };
    if (response.truncated) return { id: source.id, reason: `larger than ${RANGE_FILE_MAX_BYTES} bytes` };
    const file = parseRangeFile(response.body.toString('utf8'));
    await ranges.save(source.id, source.url, file, new Date());
    return { id: source.id, creationTime: file.creationTime };
  } catch (error) {
    // A store that is down fails the whole refresh (Temporal retries it); a vendor's bad answer fails only its file.
    if (error instanceof Error && /^Mongo/.test(error.name)) throw error;
    return { id: source.id, reason: error instanceof Error ? error.message : String(error) };
  }
}
